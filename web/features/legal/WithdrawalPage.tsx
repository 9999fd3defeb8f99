import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type WithdrawalReceipt, withdrawalReceiptSchema } from '../../../domain/contracts/orders';
import { ibanPrinted } from '../../../domain/iban';
import { legalPath, WITHDRAWAL_DAYS } from '../../../domain/legal';
import { shopTime } from '../../../domain/locale';
import { WITHDRAWAL_NOTE_MAX, type WithdrawalRequest, withdrawalRequestSchema } from '../../../domain/withdrawal';
import type { ShopMessageId } from '../../../locales/messages';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

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
 * The withdrawal function (OUG 34/2014 art. 11¹, since 19 June 2026): reached from "Withdraw from contract here" (the
 * footer, the order's own page), which records nothing; the statement (order number and email, optionally which
 * products and why); then Confirm withdrawal, which alone records it. The shop records it on the order and mails its
 * confirmation; the page shows the receipt at once: the statement as sent, and the date and time it reached the shop.
 */
export default function WithdrawalPage() {
  const { t, locale } = useI18n();
  useDocumentTitle(t('withdrawal.title'));
  const id = useId();
  const [search] = useSearchParams();
  const [values, setValues] = useState({ orderNumber: search.get('number') ?? '', email: search.get('email') ?? '', products: '', reason: '', iban: '' });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The confirmed statement as it was sent, with what the shop answered. */
  const [receipt, setReceipt] = useState<{ answer: WithdrawalReceipt; sent: WithdrawalRequest } | null>(null);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = withdrawalRequestSchema.safeParse({
      ...values,
      orderNumber: Number(values.orderNumber.trim() || Number.NaN),
      products: values.products.trim() || undefined,
      reason: values.reason.trim() || undefined,
      iban: values.iban.trim() || undefined,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0] ? t(parsed.error.issues[0].message as ShopMessageId) : t('withdrawal.error.notSent'));
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      setReceipt({ answer: await apiRequest('/orders/withdrawal', withdrawalReceiptSchema, { method: 'POST', body: JSON.stringify(parsed.data) }), sent: parsed.data });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('withdrawal.error.notSent'));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('withdrawal.title')}</h1>
      {receipt ? (
        <section aria-labelledby={`${id}-done`} className="mt-6 rounded-2xl bg-green-50 p-5 ring-1 ring-green-200">
          <h2 id={`${id}-done`} className="text-xl font-semibold text-green-900">
            {t('withdrawal.done.heading')}
          </h2>
          <p role="status" className="mt-2 text-green-900">
            {t('withdrawal.done.text', { orderNumber: receipt.answer.orderNumber, when: shopTime(receipt.answer.requestedAt, locale), email: receipt.answer.email, days: WITHDRAWAL_DAYS })}
          </p>
          <h3 className="mt-4 font-semibold text-green-900">{t('withdrawal.done.statement')}</h3>
          <dl className="mt-1 grid gap-x-4 gap-y-1 text-green-900 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">{t('payment.term.orderNumber')}</dt>
            <dd>{receipt.answer.orderNumber}</dd>
            <dt className="font-medium">{t('withdrawal.email.label')}</dt>
            <dd className="break-all">{receipt.answer.email}</dd>
            <dt className="font-medium">{t('withdrawal.products.label')}</dt>
            <dd>{receipt.sent.products ?? t('withdrawal.done.allProducts')}</dd>
            <dt className="font-medium">{t('withdrawal.reason.label')}</dt>
            <dd>{receipt.sent.reason ?? t('withdrawal.done.noReason')}</dd>
            {receipt.sent.iban && (
              <>
                <dt className="font-medium">{t('withdrawal.iban.label')}</dt>
                <dd>{ibanPrinted(receipt.sent.iban)}</dd>
              </>
            )}
            <dt className="font-medium">{t('withdrawal.done.sentAt')}</dt>
            <dd>{shopTime(receipt.answer.requestedAt, locale)}</dd>
          </dl>
        </section>
      ) : (
        <>
          <p className="mt-3 text-zinc-700">{t('withdrawal.intro', { days: WITHDRAWAL_DAYS })}</p>
          <p className="mt-2">
            <Link to={legalPath('returns')} className="font-medium text-brand-dark underline">
              {t('withdrawal.howItWorks')}
            </Link>
          </p>
          <form onSubmit={submit} noValidate className="mt-6 space-y-4">
            <Field id={`${id}-number`} label={t('payment.term.orderNumber')} hint={t('withdrawal.orderNumber.hint')}>
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
            <Field id={`${id}-email`} label={t('withdrawal.email.label')} hint={t('withdrawal.email.hint')}>
              <input id={`${id}-email`} type="email" autoComplete="email" required aria-describedby={`${id}-email-hint`} value={values.email} onChange={set('email')} className={inputClass} />
            </Field>
            <Field id={`${id}-products`} label={t('withdrawal.products.label')} hint={t('withdrawal.products.hint')}>
              <input id={`${id}-products`} maxLength={WITHDRAWAL_NOTE_MAX} aria-describedby={`${id}-products-hint`} value={values.products} onChange={set('products')} className={inputClass} />
            </Field>
            <Field id={`${id}-reason`} label={t('withdrawal.reason.label')} hint={t('withdrawal.reason.hint')}>
              <input id={`${id}-reason`} maxLength={WITHDRAWAL_NOTE_MAX} aria-describedby={`${id}-reason-hint`} value={values.reason} onChange={set('reason')} className={inputClass} />
            </Field>
            <Field id={`${id}-iban`} label={t('withdrawal.iban.label')} hint={t('withdrawal.iban.hint')}>
              <input id={`${id}-iban`} autoComplete="off" spellCheck={false} aria-describedby={`${id}-iban-hint`} value={values.iban} onChange={set('iban')} className={inputClass} />
            </Field>
            <p role="alert" className={problem ? 'text-red-700' : 'sr-only'}>
              {problem}
            </p>
            <button type="submit" disabled={sending} className={primaryButton}>
              {sending ? t('withdrawal.sending') : t('withdrawal.submit')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
