import { useState } from 'react';
import { OPTIONAL_SHIPPING_FIELDS, SHIPPING_FIELDS, type ShippingField, sectorToAsk } from '../../../domain/checkout';
import type { Product } from '../../../domain/contracts/catalog';
import { BUCHAREST_SECTORS, COUNTIES, POSTAL_CODE_PATTERN, postalCodeFitsCounty } from '../../../domain/counties';
import { Field } from '../../components/ui/Field';
import { inputClass, secondaryButton } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';

/** The fields of an order the owner takes or edits (issue 47): its product lines, its delivery address and phone. */

/** A product line as the form holds it: the product's id, the colour's own name ('' for none yet), the quantity typed. */
export interface Line {
  productId: string;
  colour: string;
  quantity: string;
}

const FIELDS = Object.keys(SHIPPING_FIELDS) as ShippingField[];
export const EMPTY_ADDRESS = Object.fromEntries(FIELDS.map((field) => [field, field === 'country' ? 'Romania' : ''])) as Record<ShippingField, string>;

/** The lines as the API takes them. */
export const linesToSend = (lines: readonly Line[]) => lines.map((line) => ({ productId: line.productId, quantity: Number(line.quantity), colour: line.colour || null }));

/**
 * An address being typed (`initial`; `postalCodeKept`: one not of its county already accepted): AddressFields' props,
 * and the address as the API takes it (the sector only where the address needs one).
 */
export function useAddress(initial: Record<ShippingField, string>, postalCodeKept: boolean) {
  const [address, setAddress] = useState(initial);
  const [sector, setSector] = useState('');
  const [postalCodeConfirmed, setPostalCodeConfirmed] = useState(postalCodeKept);
  return {
    fields: {
      address,
      onChange: (field: ShippingField, value: string) => setAddress((current) => ({ ...current, [field]: value })),
      sector,
      onSectorChange: setSector,
      postalCodeConfirmed,
      onPostalCodeConfirmed: setPostalCodeConfirmed,
    },
    toSend: () => ({ ...address, ...(sector && sectorToAsk(address) ? { sector } : {}), postalCodeConfirmed }),
  };
}

/** The delivery address and phone, by the checkout's labels; Bucharest's sector when the address names none; a postal code not the county's kept on purpose. */
export function AddressFields(props: {
  id: string;
  address: Record<ShippingField, string>;
  onChange(field: ShippingField, value: string): void;
  sector: string;
  onSectorChange(sector: string): void;
  postalCodeConfirmed: boolean;
  onPostalCodeConfirmed(confirmed: boolean): void;
}) {
  const { id, address, onChange, sector, onSectorChange, postalCodeConfirmed, onPostalCodeConfirmed } = props;
  const { t } = useI18n();
  const postalCode = address.postalCode.trim();
  const postalCodeToCheck = POSTAL_CODE_PATTERN.test(postalCode) && address.county !== '' && !postalCodeFitsCounty(postalCode, address.county);
  return (
    <>
      {FIELDS.map((field) => (
        <Field key={field} id={`${id}-${field}`} label={OPTIONAL_SHIPPING_FIELDS.includes(field) ? t('admin.newOrder.optional', { field: t(SHIPPING_FIELDS[field]) }) : t(SHIPPING_FIELDS[field])}>
          {field === 'county' ? (
            <select id={`${id}-county`} className={inputClass} value={address.county} onChange={(event) => onChange('county', event.target.value)}>
              <option value="">{t('checkout.shipping.chooseCounty')}</option>
              {COUNTIES.map((county) => (
                <option key={county.code} value={county.code}>
                  {county.name}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-${field}`}
              type={field === 'phoneNumber' ? 'tel' : 'text'}
              inputMode={field === 'postalCode' ? 'numeric' : undefined}
              autoComplete="off"
              className={inputClass}
              value={address[field]}
              onChange={(event) => onChange(field, event.target.value)}
            />
          )}
        </Field>
      ))}
      {sectorToAsk(address) && (
        <Field id={`${id}-sector`} label={t('checkout.field.sector')}>
          <select id={`${id}-sector`} className={inputClass} value={sector} onChange={(event) => onSectorChange(event.target.value)}>
            <option value="">{t('checkout.shipping.chooseSector')}</option>
            {BUCHAREST_SECTORS.map((value) => (
              <option key={value} value={value}>
                {t('checkout.shipping.sectorOption', { sector: value })}
              </option>
            ))}
          </select>
        </Field>
      )}
      {postalCodeToCheck && (
        <label className="flex min-h-11 items-center gap-2 sm:col-span-2">
          <input type="checkbox" className="size-4 accent-brand" checked={postalCodeConfirmed} onChange={(event) => onPostalCodeConfirmed(event.target.checked)} />
          {t('admin.newOrder.keepPostalCode', { postalCode })}
        </label>
      )}
    </>
  );
}

/** One product line: the product, its colour (available ones only, as the shop offers them) and how many. */
function LineFields({
  id,
  number,
  line,
  products,
  onChange,
  onRemove,
}: {
  id: string;
  number: number;
  line: Line;
  products: readonly Product[];
  onChange(change: Partial<Line>): void;
  onRemove?: () => void;
}) {
  const { t, money } = useI18n();
  const product = products.find((candidate) => candidate.id === line.productId);
  return (
    <fieldset className="grid gap-3 sm:grid-cols-[2fr_1fr_6rem_auto] sm:items-end">
      <legend className="sr-only">{t('admin.newOrder.line', { number })}</legend>
      <Field id={`${id}-product`} label={t('admin.newOrder.product')}>
        <select id={`${id}-product`} className={inputClass} value={line.productId} onChange={(event) => onChange({ productId: event.target.value, colour: '' })}>
          <option value="">{t('admin.newOrder.chooseProduct')}</option>
          {products.map((candidate) => (
            <option key={candidate.id} value={candidate.id} disabled={candidate.soldOut}>
              {`${candidate.name} · ${money(candidate.price)}${candidate.soldOut ? ` · ${t('admin.newOrder.soldOut')}` : ''}`}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-colour`} label={t('admin.newOrder.colour')}>
        <select id={`${id}-colour`} className={inputClass} value={line.colour} disabled={!product || product.colourOptions.length === 0} onChange={(event) => onChange({ colour: event.target.value })}>
          <option value="">{product && product.colourOptions.length > 0 ? t('admin.newOrder.chooseColour') : '—'}</option>
          {product?.colourOptions.map((option) => (
            <option key={option.name} value={option.name} disabled={!option.available}>
              {option.available ? option.label : `${option.label} · ${t('admin.newOrder.soldOut')}`}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-quantity`} label={t('admin.newOrder.quantity')}>
        <input id={`${id}-quantity`} className={inputClass} inputMode="numeric" value={line.quantity} onChange={(event) => onChange({ quantity: event.target.value })} />
      </Field>
      {onRemove && (
        <button type="button" className={secondaryButton} onClick={onRemove} aria-label={t('admin.newOrder.removeLine', { number })}>
          {t('admin.newOrder.remove')}
        </button>
      )}
    </fieldset>
  );
}

/** The order's product lines, each removable while there are two or more, and Add a product. */
export function LinesFields({ id, lines, onChange, products }: { id: string; lines: Line[]; onChange(change: (lines: Line[]) => Line[]): void; products: readonly Product[] }) {
  const { t } = useI18n();
  return (
    <>
      {lines.map((line, index) => (
        <LineFields
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own until the order is saved
          key={index}
          id={`${id}-line-${index}`}
          number={index + 1}
          line={line}
          products={products}
          onChange={(change) => onChange((current) => current.map((old, at) => (at === index ? { ...old, ...change } : old)))}
          onRemove={lines.length > 1 ? () => onChange((current) => current.filter((_, at) => at !== index)) : undefined}
        />
      ))}
      <button type="button" className={`${secondaryButton} self-start`} onClick={() => onChange((current) => [...current, { productId: '', colour: '', quantity: '1' }])}>
        {t('admin.newOrder.addProduct')}
      </button>
    </>
  );
}
