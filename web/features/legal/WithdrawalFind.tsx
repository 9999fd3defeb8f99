import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type WithdrawalOrder, withdrawalOrderSchema } from '../../../domain/contracts/orders';
import { legalPath, WITHDRAWAL_DAYS } from '../../../domain/legal';
import { withdrawalLookupSchema } from '../../../domain/withdrawal';
import type { ShopMessageId } from '../../../locales/messages';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';

/** A labelled field of the withdrawal function, with its hint. */
export function Field({ label, hint, children, id }: { label: string; hint: string; id: string; children: React.ReactNode }) {
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

export /** The statement's first step: the order by its number and email. Looks it up at once when both came filled in. */
function FindOrder({ initial, onFound }: { initial: { orderNumber: string; email: string }; onFound: (found: WithdrawalOrder, asked: { orderNumber: number; email: string }) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const find = useCallback(
    async (typed: { orderNumber: string; email: string }) => {
      const parsed = withdrawalLookupSchema.safeParse({ orderNumber: Number(typed.orderNumber.trim() || Number.NaN), email: typed.email });
      if (!parsed.success) {
        setProblem(parsed.error.issues[0] ? t(parsed.error.issues[0].message as ShopMessageId) : t('withdrawal.error.notSent'));
        return;
      }
      setSending(true);
      setProblem(null);
      try {
        onFound(await apiRequest('/orders/withdrawal/order', withdrawalOrderSchema, { method: 'POST', body: JSON.stringify(parsed.data) }), parsed.data);
      } catch (error) {
        setProblem(error instanceof ApiError ? error.message : t('withdrawal.error.notSent'));
        setSending(false);
      }
    },
    [onFound, t],
  );

  const looked = useRef(false);
  useEffect(() => {
    if (looked.current || !initial.orderNumber || !initial.email) return;
    looked.current = true;
    void find(initial);
  }, [find, initial]);

  return (
    <>
      <p className="mt-3 text-zinc-700">{t('withdrawal.intro', { days: WITHDRAWAL_DAYS })}</p>
      <p className="mt-2">
        <Link to={legalPath('returns')} className="font-medium text-brand-dark underline">
          {t('withdrawal.howItWorks')}
        </Link>
      </p>
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void find(values);
        }}
        noValidate
        className="mt-6 space-y-4"
      >
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
        <p role="alert" className={problem ? 'text-red-700' : 'sr-only'}>
          {problem}
        </p>
        <button type="submit" disabled={sending} className={primaryButton}>
          {sending ? t('withdrawal.finding') : t('withdrawal.find')}
        </button>
      </form>
    </>
  );
}
