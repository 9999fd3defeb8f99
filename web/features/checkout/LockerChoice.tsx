import { useEffect, useState } from 'react';
import { type LockersNear, lockersNearSchema } from '../../../domain/contracts/shipping';
import { lockerCityFor, type OrderLocker } from '../../../domain/lockers';
import { inputClass, secondaryButton } from '../../components/ui/styles';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { usePaymentOptions } from '../../lib/paymentOptions';
import type { CheckoutDraft } from './useCheckoutDraft';

const optionClass = 'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border-2 border-zinc-200 px-4 py-3 has-checked:border-brand has-checked:bg-green-50';

interface LockerChoiceProps {
  /** The address typed above: its county's lockers are listed, its town's first. */
  address: CheckoutDraft['shipping'];
  sector: CheckoutDraft['sector'];
  delivery: CheckoutDraft['delivery'];
  locker: OrderLocker | null;
  onDelivery(delivery: CheckoutDraft['delivery']): void;
  onLocker(locker: OrderLocker | null): void;
  /** "Choose the easybox…" once Continue found none chosen. */
  error?: string;
}

/**
 * Delivery to the address or to a Sameday easybox (issue 33), when the shop offers lockers: the towns of the
 * address's county that have some, the address's own town first, and that town's lockers by name and address, from
 * the shop's own API (GET /api/lockers), with no courier's script in the page. A locker that takes no payment on
 * pickup is offered only when the customer can pay by card.
 */
export function LockerChoice({ address, sector, delivery, locker, onDelivery, onLocker, error }: LockerChoiceProps) {
  const { t } = useI18n();
  const { cardPayments } = usePaymentOptions();
  const [near, setNear] = useState<LockersNear | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [city, setCity] = useState(locker?.city ?? '');
  const county = address.county;

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again for another county, town or attempt only
  useEffect(() => {
    let current = true;
    const query = new URLSearchParams(county ? { county, ...(city ? { city } : {}) } : {});
    apiRequest(`/lockers?${query}`, lockersNearSchema).then(
      (answer) => {
        if (!current) return;
        setFailed(false);
        setNear(answer);
        // No town chosen yet: the address's own, when it has lockers.
        const names = answer.cities.map((town) => town.name);
        if (!city || !names.includes(city)) {
          const first = lockerCityFor({ ...address, sector }, names);
          if (first !== city) setCity(first);
        }
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [county, city, attempt]);

  if (!near?.offered && !failed) return null;
  const offered = (near?.lockers ?? []).filter((candidate) => candidate.acceptsCash || cardPayments);
  const errorId = 'shipping-locker-error';

  return (
    <fieldset className="mt-6">
      <legend className="font-medium">{t('checkout.delivery.legend')}</legend>
      <div className="mt-2 space-y-2">
        <label className={optionClass}>
          <input type="radio" name="delivery" value="address" checked={delivery === 'address'} onChange={() => onDelivery('address')} className="accent-brand" />
          {t('checkout.delivery.address')}
        </label>
        <label className={optionClass}>
          <input type="radio" name="delivery" value="locker" checked={delivery === 'locker'} onChange={() => onDelivery('locker')} className="accent-brand" />
          {t('checkout.delivery.locker')}
        </label>
      </div>
      {delivery === 'locker' && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {failed ? (
            <div role="alert" className="sm:col-span-2 text-sm text-red-700">
              <p>{t('checkout.locker.loadFailed')}</p>
              <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setAttempt((n) => n + 1)}>
                {t('checkout.locker.retry')}
              </button>
            </div>
          ) : county && near && near.cities.length === 0 ? (
            <p className="sm:col-span-2 text-sm text-amber-800">{t('checkout.locker.none')}</p>
          ) : (
            <>
              <div>
                <label htmlFor="shipping-locker-city" className="block font-medium">
                  {t('checkout.locker.city')}
                </label>
                <select
                  id="shipping-locker-city"
                  value={city}
                  disabled={!county}
                  onChange={(event) => {
                    setCity(event.target.value);
                    onLocker(null);
                  }}
                  className={inputClass}
                >
                  <option value="">{t('checkout.locker.chooseCity')}</option>
                  {near?.cities.map((town) => (
                    <option key={town.name} value={town.name}>
                      {town.name}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="shipping-locker" className="block font-medium">
                  {t('checkout.locker.label')}
                </label>
                <select
                  id="shipping-locker"
                  name="locker"
                  required
                  value={locker?.id ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => onLocker(offered.find((candidate) => candidate.id === event.target.value) ?? null)}
                  className={inputClass}
                >
                  <option value="">{t('checkout.locker.choose')}</option>
                  {offered.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name}, {candidate.address}
                      {candidate.acceptsCash ? '' : ` (${t('checkout.locker.cardOnly')})`}
                    </option>
                  ))}
                </select>
                {error && (
                  <p id={errorId} className="mt-1 text-sm text-red-700">
                    {error}
                  </p>
                )}
              </div>
              <p className="sm:col-span-2 text-sm text-zinc-600">{t('checkout.locker.invoiceAddress')}</p>
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
