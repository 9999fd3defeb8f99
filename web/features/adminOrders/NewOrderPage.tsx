import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { OPTIONAL_SHIPPING_FIELDS, ownerOrderRequestSchema, SHIPPING_FIELDS, type ShippingField, sectorToAsk } from '../../../domain/checkout';
import { adminOrderSchema } from '../../../domain/contracts/admin';
import type { Product } from '../../../domain/contracts/catalog';
import { BUCHAREST_SECTORS, COUNTIES, POSTAL_CODE_PATTERN, postalCodeFitsCounty } from '../../../domain/counties';
import { LOCALES, type Locale } from '../../../domain/locale';
import { OWNER_PAY_LINK_DAYS, type PaymentMethod } from '../../../domain/orders';
import { totalsFor } from '../../../domain/pricing';
import { Feedback } from '../../components/ui/Feedback';
import { Field } from '../../components/ui/Field';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { firstProblem, useBackOfficeTitle } from '../../lib/backOffice';
import { useCatalog } from '../../lib/catalog';
import { useI18n } from '../../lib/i18n';

interface Line {
  productId: string;
  colour: string;
  quantity: string;
}

const FIELDS = Object.keys(SHIPPING_FIELDS) as ShippingField[];
const EMPTY_ADDRESS = Object.fromEntries(FIELDS.map((field) => [field, field === 'country' ? 'Romania' : ''])) as Record<ShippingField, string>;
const LANGUAGE_NAMES: Record<Locale, string> = { ro: 'Română', en: 'English' };

/**
 * New order (issue 47): the owner takes an order for a customer who ordered by phone or message. The server places it
 * by the storefront's rules (prices, colours, stock, code, address and phone checks, limits); this page only gathers
 * it, shows what it comes to before a code, and opens the order placed. Cash on delivery, or a card pay link mailed to
 * the customer.
 */
export default function NewOrderPage() {
  const { t, money } = useI18n();
  useBackOfficeTitle(t('admin.newOrder.heading'));
  const navigate = useNavigate();
  const id = useId();
  const { products } = useCatalog();
  const [lines, setLines] = useState<Line[]>([{ productId: '', colour: '', quantity: '1' }]);
  const [address, setAddress] = useState(EMPTY_ADDRESS);
  const [email, setEmail] = useState('');
  const [sector, setSector] = useState('');
  const [postalCodeConfirmed, setPostalCodeConfirmed] = useState(false);
  const [discountCode, setDiscountCode] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cod');
  const [locale, setLocale] = useState<Locale>('ro');
  // One key for this order: a double click or a retry after a lost answer places it once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const productOf = (productId: string) => products.find((product) => product.id === productId);
  const setLine = (index: number, change: Partial<Line>) => setLines((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const priced = lines.flatMap((line) => {
    const product = productOf(line.productId);
    const quantity = Number(line.quantity);
    return product && Number.isInteger(quantity) && quantity > 0 ? [{ unitPrice: product.price, quantity }] : [];
  });
  const totals = totalsFor(priced);
  const postalCode = address.postalCode.trim();
  const postalCodeToCheck = POSTAL_CODE_PATTERN.test(postalCode) && address.county !== '' && !postalCodeFitsCounty(postalCode, address.county);

  async function place() {
    setProblem(null);
    const parsed = ownerOrderRequestSchema.safeParse({
      locale,
      order: {
        ...address,
        email,
        lines: lines.map((line) => ({ productId: line.productId, quantity: Number(line.quantity), colour: line.colour || null })),
        ...(discountCode.trim() ? { discountCode } : {}),
        ...(sector && sectorToAsk(address) ? { sector } : {}),
        postalCodeConfirmed,
        paymentMethod,
        idempotencyKey,
      },
    });
    if (!parsed.success) return setProblem(firstProblem(t, parsed.error.issues[0], 'admin.newOrder.check'));
    setBusy(true);
    try {
      const order = await apiRequest('/admin/orders', adminOrderSchema, { method: 'POST', body: JSON.stringify(parsed.data) });
      navigate(`/admin/orders/${order.id}`);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : t('admin.somethingWrong'));
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex max-w-3xl flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void place();
      }}
    >
      <h1 id={`${id}-title`} className="text-2xl font-bold">
        {t('admin.newOrder.heading')}
      </h1>
      <p className="text-zinc-700">{t('admin.newOrder.intro')}</p>

      <fieldset className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200">
        <legend className="px-1 text-lg font-semibold">{t('admin.newOrder.products')}</legend>
        {lines.map((line, index) => (
          <LineFields
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own until the order is placed
            key={index}
            id={`${id}-line-${index}`}
            number={index + 1}
            line={line}
            products={products}
            onChange={(change) => setLine(index, change)}
            onRemove={lines.length > 1 ? () => setLines((current) => current.filter((_, at) => at !== index)) : undefined}
          />
        ))}
        <button type="button" className={`${secondaryButton} self-start`} onClick={() => setLines((current) => [...current, { productId: '', colour: '', quantity: '1' }])}>
          {t('admin.newOrder.addProduct')}
        </button>
        <Field id={`${id}-code`} label={t('admin.newOrder.code')}>
          <input id={`${id}-code`} className={`${inputClass} font-mono uppercase`} value={discountCode} maxLength={40} autoComplete="off" onChange={(event) => setDiscountCode(event.target.value)} />
        </Field>
        <p aria-live="polite">{t('admin.newOrder.estimate', { subtotal: money(totals.subtotal), shipping: money(totals.shipping), total: money(totals.total) })}</p>
      </fieldset>

      <fieldset className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">{t('admin.newOrder.customer')}</legend>
        <Field id={`${id}-email`} label={t('checkout.email.label')}>
          <input id={`${id}-email`} type="email" className={inputClass} value={email} autoComplete="off" onChange={(event) => setEmail(event.target.value)} />
        </Field>
        {FIELDS.map((field) => (
          <Field key={field} id={`${id}-${field}`} label={OPTIONAL_SHIPPING_FIELDS.includes(field) ? t('admin.newOrder.optional', { field: t(SHIPPING_FIELDS[field]) }) : t(SHIPPING_FIELDS[field])}>
            {field === 'county' ? (
              <select id={`${id}-county`} className={inputClass} value={address.county} onChange={(event) => setAddress((current) => ({ ...current, county: event.target.value }))}>
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
                onChange={(event) => setAddress((current) => ({ ...current, [field]: event.target.value }))}
              />
            )}
          </Field>
        ))}
        {sectorToAsk(address) && (
          <Field id={`${id}-sector`} label={t('checkout.field.sector')}>
            <select id={`${id}-sector`} className={inputClass} value={sector} onChange={(event) => setSector(event.target.value)}>
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
            <input type="checkbox" className="size-4 accent-brand" checked={postalCodeConfirmed} onChange={(event) => setPostalCodeConfirmed(event.target.checked)} />
            {t('admin.newOrder.keepPostalCode', { postalCode })}
          </label>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200">
        <legend className="px-1 text-lg font-semibold">{t('admin.newOrder.payment')}</legend>
        {(['cod', 'card'] as const).map((method) => (
          <label key={method} className="flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-payment`} className="size-4 accent-brand" checked={paymentMethod === method} onChange={() => setPaymentMethod(method)} />
            {t(method === 'cod' ? 'admin.newOrder.cash' : 'admin.newOrder.payLink', { days: OWNER_PAY_LINK_DAYS })}
          </label>
        ))}
        <Field id={`${id}-language`} label={t('admin.newOrder.language')}>
          <select id={`${id}-language`} className={inputClass} value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
            {LOCALES.map((value) => (
              <option key={value} value={value}>
                {LANGUAGE_NAMES[value]}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>

      <button type="submit" className={`${primaryButton} self-start`} disabled={busy}>
        {t('admin.newOrder.place')}
      </button>
      <Feedback problem={problem} done={null} />
    </form>
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
