import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type WithdrawalReceipt, withdrawalReceiptSchema } from '../../../domain/contracts/orders';
import { legalPath, WITHDRAWAL_DAYS } from '../../../domain/legal';
import { shopTime } from '../../../domain/locale';
import type { ShopMessageId } from '../../../locales/messages';
import { useI18n } from '../../lib/i18n';
import { WITHDRAWAL_NOTE_MAX, withdrawalRequestSchema } from '../../../domain/withdrawal';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const TEXT = {
  en: {
    title: 'Withdraw from a purchase',
    intro: `You may withdraw from a purchase within ${WITHDRAWAL_DAYS} days of receiving it, without giving a reason. Tell us here: we record it on your order and confirm it to you by email at once.`,
    howItWorks: 'How returns and refunds work',
    orderNumber: 'Order number',
    orderNumberHint: 'As in your order confirmation email, e.g. 10001.',
    email: 'Email address',
    emailHint: 'The one you ordered with.',
    products: 'Which products (optional)',
    productsHint: 'Leave empty to withdraw from the whole order.',
    reason: 'Reason (optional)',
    reasonHint: 'You do not have to give one.',
    submit: 'Send withdrawal',
    sending: 'Sending…',
    failed: 'Your request could not be sent. Check your connection and try again.',
    doneTitle: 'We received your withdrawal',
    done: (receipt: WithdrawalReceipt, when: string) =>
      `Your withdrawal from order ${receipt.orderNumber} reached us on ${when}. We have sent a confirmation to ${receipt.email}. Please send the products back within ${WITHDRAWAL_DAYS} days; we refund you within ${WITHDRAWAL_DAYS} days of today, once we have them or proof that you sent them.`,
  },
  ro: {
    title: 'Retragere dintr-o achiziție',
    intro: `Te poți retrage dintr-o achiziție în termen de ${WITHDRAWAL_DAYS} zile de la primirea produselor, fără să invoci vreun motiv. Spune-ne aici: înregistrăm cererea la comanda ta și îți confirmăm imediat primirea pe e-mail.`,
    howItWorks: 'Cum funcționează returul și rambursarea',
    orderNumber: 'Numărul comenzii',
    orderNumberHint: 'Ca în e-mailul de confirmare a comenzii, de exemplu 10001.',
    email: 'Adresa de e-mail',
    emailHint: 'Cea cu care ai comandat.',
    products: 'Ce produse (opțional)',
    productsHint: 'Lasă gol pentru a te retrage din toată comanda.',
    reason: 'Motivul (opțional)',
    reasonHint: 'Nu ești obligat să îl spui.',
    submit: 'Trimite retragerea',
    sending: 'Se trimite…',
    failed: 'Cererea nu a putut fi trimisă. Verifică-ți conexiunea și încearcă din nou.',
    doneTitle: 'Am primit retragerea ta',
    done: (receipt: WithdrawalReceipt, when: string) =>
      `Retragerea ta din comanda ${receipt.orderNumber} a ajuns la noi pe ${when}. Ți-am trimis o confirmare la ${receipt.email}. Te rugăm să trimiți produsele înapoi în cel mult ${WITHDRAWAL_DAYS} zile; îți rambursăm banii în cel mult ${WITHDRAWAL_DAYS} zile de azi, după ce le primim sau primim dovada expedierii.`,
  },
} as const;


function Field({ label, hint, children, id }: { label: string; hint: string; id: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children}
      <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-600">
        {hint}
      </p>
    </div>
  );
}

/**
 * The online withdrawal form (OUG 34/2014 art. 11): order number and email, optionally which
 * products and why. The shop records it on the order and mails its confirmation; the page says so.
 */
export default function WithdrawalPage() {
  const { t, locale } = useI18n();
  const text = TEXT[locale];
  useDocumentTitle(text.title);
  const id = useId();
  const [search] = useSearchParams();
  const [values, setValues] = useState({ orderNumber: search.get('number') ?? '', email: search.get('email') ?? '', products: '', reason: '' });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = withdrawalRequestSchema.safeParse({
      ...values,
      orderNumber: Number(values.orderNumber.trim() || Number.NaN),
      products: values.products.trim() || undefined,
      reason: values.reason.trim() || undefined,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0] ? t(parsed.error.issues[0].message as ShopMessageId) : text.failed);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      setReceipt(await apiRequest('/orders/withdrawal', withdrawalReceiptSchema, { method: 'POST', body: JSON.stringify(parsed.data) }));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : text.failed);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
      {receipt ? (
        <section aria-labelledby={`${id}-done`} className="mt-6 rounded-2xl bg-green-50 p-5 ring-1 ring-green-200">
          <h2 id={`${id}-done`} className="text-xl font-semibold text-green-900">
            {text.doneTitle}
          </h2>
          <p role="status" className="mt-2 text-green-900">
            {text.done(receipt, shopTime(receipt.requestedAt, locale))}
          </p>
        </section>
      ) : (
        <>
          <p className="mt-3 text-zinc-700">{text.intro}</p>
          <p className="mt-2">
            <Link to={legalPath('returns')} className="font-medium text-brand-dark underline">
              {text.howItWorks}
            </Link>
          </p>
          <form onSubmit={submit} noValidate className="mt-6 space-y-4">
            <Field id={`${id}-number`} label={text.orderNumber} hint={text.orderNumberHint}>
              <input
                id={`${id}-number`}
                inputMode="numeric"
                autoComplete="off"
                required
                aria-describedby={`${id}-number-hint`}
                value={values.orderNumber}
                onChange={set('orderNumber')}
                className={inputClass}
              />
            </Field>
            <Field id={`${id}-email`} label={text.email} hint={text.emailHint}>
              <input id={`${id}-email`} type="email" autoComplete="email" required aria-describedby={`${id}-email-hint`} value={values.email} onChange={set('email')} className={inputClass} />
            </Field>
            <Field id={`${id}-products`} label={text.products} hint={text.productsHint}>
              <input id={`${id}-products`} maxLength={WITHDRAWAL_NOTE_MAX} aria-describedby={`${id}-products-hint`} value={values.products} onChange={set('products')} className={inputClass} />
            </Field>
            <Field id={`${id}-reason`} label={text.reason} hint={text.reasonHint}>
              <input id={`${id}-reason`} maxLength={WITHDRAWAL_NOTE_MAX} aria-describedby={`${id}-reason-hint`} value={values.reason} onChange={set('reason')} className={inputClass} />
            </Field>
            <p role="alert" className={problem ? 'text-red-700' : 'sr-only'}>
              {problem}
            </p>
            <button type="submit" disabled={sending} className={primaryButton}>
              {sending ? text.sending : text.submit}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
