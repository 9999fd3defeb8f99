import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ownerOrderRequestSchema } from '../../../domain/checkout';
import { adminOrderSchema } from '../../../domain/contracts/admin';
import { LOCALES, type Locale } from '../../../domain/locale';
import { OWNER_PAY_LINK_DAYS, type PaymentMethod } from '../../../domain/orders';
import { totalsFor } from '../../../domain/pricing';
import { Feedback } from '../../components/ui/Feedback';
import { Field } from '../../components/ui/Field';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { firstProblem, useBackOfficeTitle } from '../../lib/backOffice';
import { useCatalog } from '../../lib/catalog';
import { useI18n } from '../../lib/i18n';
import { AddressFields, EMPTY_ADDRESS, type Line, LinesFields, linesToSend, useAddress } from './orderFields';

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
  const shipping = useAddress(EMPTY_ADDRESS, false);
  const [email, setEmail] = useState('');
  const [discountCode, setDiscountCode] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cod');
  const [locale, setLocale] = useState<Locale>('ro');
  // One key for this order: a double click or a retry after a lost answer places it once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const productOf = (productId: string) => products.find((product) => product.id === productId);
  const priced = lines.flatMap((line) => {
    const product = productOf(line.productId);
    const quantity = Number(line.quantity);
    return product && Number.isInteger(quantity) && quantity > 0 ? [{ unitPrice: product.price, quantity }] : [];
  });
  const totals = totalsFor(priced);

  async function place() {
    setProblem(null);
    const parsed = ownerOrderRequestSchema.safeParse({
      locale,
      order: {
        ...shipping.toSend(),
        email,
        lines: linesToSend(lines),
        ...(discountCode.trim() ? { discountCode } : {}),
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
        <LinesFields id={id} lines={lines} onChange={setLines} products={products} />
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
        <AddressFields id={id} {...shipping.fields} />
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
