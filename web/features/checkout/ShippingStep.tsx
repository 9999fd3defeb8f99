import { type ChangeEvent, useState } from 'react';
import { OPTIONAL_SHIPPING_FIELDS, SHIPPING_FIELDS, type ShippingField, sectorToAsk, shippingComplete, shippingSchema } from '../../../domain/checkout';
import { BUCHAREST_SECTORS, type BucharestSector, COUNTIES, countyName, POSTAL_CODE_PATTERN, postalCodeFitsCounty } from '../../../domain/counties';
import { issueValues } from '../../../domain/issueValues';
import type { OrderLocker } from '../../../domain/lockers';
import type { ShopMessageId } from '../../../locales/messages';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { deliveryChosen, shippingOf } from './checkoutSteps';
import { LockerChoice } from './LockerChoice';
import { StepHeading } from './ui';
import type { CheckoutDraft } from './useCheckoutDraft';

/** Browser autofill tokens; a house number has none of its own. */
const AUTOCOMPLETE: Record<ShippingField, string | undefined> = {
  firstName: 'given-name',
  lastName: 'family-name',
  country: 'country-name',
  county: 'address-level1',
  city: 'address-level2',
  street: 'address-line1',
  streetNumber: undefined,
  addressLine2: 'address-line2',
  postalCode: 'postal-code',
  phoneNumber: 'tel',
};

const FIELDS = Object.keys(SHIPPING_FIELDS) as ShippingField[];

/** A six-digit postal code that is not one of the chosen county's: the customer is asked to check it. */
function postalCodeToCheck(values: Record<ShippingField, string>): boolean {
  const postalCode = values.postalCode.trim();
  return POSTAL_CODE_PATTERN.test(postalCode) && !postalCodeFitsCounty(postalCode, values.county);
}

interface ShippingStepProps {
  values: Record<ShippingField, string>;
  postalCodeConfirmed: boolean;
  /** Bucharest's sector, asked when the address does not name it. */
  sector: BucharestSector | '';
  onSectorChange(sector: BucharestSector | ''): void;
  /** Delivery to the address or to a locker (LockerChoice), and the locker chosen. */
  delivery: CheckoutDraft['delivery'];
  locker: OrderLocker | null;
  onDeliveryChange(delivery: CheckoutDraft['delivery']): void;
  onLockerChange(locker: OrderLocker | null): void;
  onChange(field: ShippingField, value: string): void;
  onConfirmPostalCode(confirmed: boolean): void;
  onBack(): void;
  onContinue(): void;
}

export function ShippingStep(props: ShippingStepProps) {
  const { values, postalCodeConfirmed, sector, onSectorChange, onChange, onConfirmPostalCode, onBack, onContinue, delivery, locker } = props;
  const { t } = useI18n();
  const [errors, setErrors] = useState<Partial<Record<ShippingField | 'sector' | 'locker', string>>>({});
  const checkPostalCode = postalCodeToCheck(values);
  const askSector = sectorToAsk(values);

  return (
    <form
      aria-labelledby="checkout-step-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = shippingSchema.safeParse(shippingOf({ shipping: values, postalCodeConfirmed, sector }));
        const found: Partial<Record<ShippingField | 'sector' | 'locker', string>> = {};
        // The schema's messages are catalogue keys (domain/checkout.ts), their values the issue's own.
        for (const issue of result.success ? [] : result.error.issues) found[issue.path[0] as ShippingField | 'sector'] ??= t(issue.message as ShopMessageId, issueValues(issue));
        if (!deliveryChosen({ delivery, locker })) found.locker = t('checkout.error.locker.required');
        setErrors(found);
        if (Object.keys(found).length === 0) {
          onContinue();
          return;
        }
        const first = [...FIELDS, 'sector' as const, 'locker' as const].find((field) => found[field]);
        if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      }}
    >
      <StepHeading>{t('checkout.shipping.title')}</StepHeading>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const errorId = `shipping-${field}-error`;
          const warningId = 'shipping-postalCode-warning';
          // The postal code's mismatch shows once, as the warning with its confirmation.
          const warned = field === 'postalCode' && checkPostalCode;
          const shownError = errors[field] && !warned ? errors[field] : undefined;
          const describedBy = [shownError && errorId, warned && warningId].filter(Boolean).join(' ') || undefined;
          const common = {
            id: `shipping-${field}`,
            name: field,
            autoComplete: AUTOCOMPLETE[field],
            required: !OPTIONAL_SHIPPING_FIELDS.includes(field),
            value: values[field],
            'aria-invalid': errors[field] ? true : undefined,
            'aria-describedby': describedBy,
            onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
              onChange(field, event.target.value);
              if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
            },
            className: inputClass,
          };
          return (
            <div key={field}>
              <label htmlFor={`shipping-${field}`} className="block font-medium">
                {t(SHIPPING_FIELDS[field])}
              </label>
              {field === 'county' ? (
                <select {...common}>
                  <option value="">{t('checkout.shipping.chooseCounty')}</option>
                  {COUNTIES.map((county) => (
                    <option key={county.code} value={county.code}>
                      {county.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...common} type={field === 'phoneNumber' ? 'tel' : 'text'} inputMode={field === 'postalCode' ? 'numeric' : undefined} />
              )}
              {shownError && (
                <p id={errorId} className="mt-1 text-sm text-red-700">
                  {shownError}
                </p>
              )}
              {warned && (
                <div className={`mt-1 text-sm ${errors.postalCode ? 'text-red-700' : 'text-amber-800'}`}>
                  <p id={warningId}>{t('checkout.error.postalCode.mismatch', { postalCode: values.postalCode.trim(), county: countyName(values.county) ?? '' })}</p>
                  <label className="mt-1 flex min-h-11 items-center gap-2 font-medium text-zinc-900">
                    <input
                      type="checkbox"
                      name="postalCodeConfirmed"
                      checked={postalCodeConfirmed}
                      onChange={(event) => {
                        onConfirmPostalCode(event.target.checked);
                        if (errors.postalCode) setErrors((current) => ({ ...current, postalCode: undefined }));
                      }}
                      className="size-4 accent-brand"
                    />
                    {t('checkout.shipping.postalCodeCorrect')}
                  </label>
                </div>
              )}
            </div>
          );
        })}
        {askSector && (
          <div>
            <label htmlFor="shipping-sector" className="block font-medium">
              {t('checkout.field.sector')}
            </label>
            <select
              id="shipping-sector"
              name="sector"
              required
              value={sector}
              aria-invalid={errors.sector ? true : undefined}
              aria-describedby={errors.sector ? 'shipping-sector-error' : undefined}
              onChange={(event) => {
                onSectorChange(event.target.value as BucharestSector | '');
                if (errors.sector) setErrors((current) => ({ ...current, sector: undefined }));
              }}
              className={inputClass}
            >
              <option value="">{t('checkout.shipping.chooseSector')}</option>
              {BUCHAREST_SECTORS.map((number) => (
                <option key={number} value={number}>
                  {t('checkout.shipping.sectorOption', { sector: number })}
                </option>
              ))}
            </select>
            {errors.sector && (
              <p id="shipping-sector-error" className="mt-1 text-sm text-red-700">
                {errors.sector}
              </p>
            )}
          </div>
        )}
      </div>
      <LockerChoice
        address={values}
        sector={sector}
        delivery={delivery}
        locker={locker}
        onDelivery={props.onDeliveryChange}
        onLocker={(chosen) => {
          props.onLockerChange(chosen);
          if (errors.locker) setErrors((current) => ({ ...current, locker: undefined }));
        }}
        error={errors.locker}
      />
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <button type="button" onClick={onBack} className={secondaryButton}>
          {t('checkout.back')}
        </button>
        <button type="submit" disabled={!shippingComplete(values)} className={primaryButton}>
          {t('checkout.shipping.continue')}
        </button>
      </div>
    </form>
  );
}
