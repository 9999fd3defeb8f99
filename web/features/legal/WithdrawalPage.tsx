import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lineName } from '../../../domain/catalog';
import { type WithdrawalOrder, type WithdrawalReceipt, withdrawalReceiptSchema } from '../../../domain/contracts/orders';
import { dayValue } from '../../../domain/issueValues';
import { WITHDRAWAL_NOTE_MAX, type WithdrawalRequest, withdrawalRequestSchema } from '../../../domain/withdrawal';
import type { ShopMessageId } from '../../../locales/messages';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Field, FindOrder } from './WithdrawalFind';
import { Receipt } from './WithdrawalReceipt';

/** The units chosen of each line: a line not chosen is absent. */
type Chosen = Record<number, number>;

/**
 * The withdrawal function (OUG 34/2014 art. 11¹, since 19 June 2026): reached from "Withdraw from contract here" (the
 * footer, the order's own page), which records nothing. The order is found by its number and email (at once when the
 * order's page filled them in); the statement then gives the customer's name, the order and the email, which
 * products and how many, optionally why, and for an order paid in cash the IBAN of the refund; only Confirm withdrawal
 * records it. The page shows the receipt at once (the statement as sent, when it reached the shop, what happens next),
 * and the shop mails it.
 */
export default function WithdrawalPage() {
  const { t } = useI18n();
  useDocumentTitle(t('withdrawal.title'));
  const [search] = useSearchParams();
  const [order, setOrder] = useState<{ found: WithdrawalOrder; asked: { orderNumber: number; email: string } } | null>(null);
  /** The confirmed statement as it was sent, with what the shop answered. */
  const [receipt, setReceipt] = useState<{ answer: WithdrawalReceipt; sent: WithdrawalRequest; order: WithdrawalOrder } | null>(null);

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('withdrawal.title')}</h1>
      {receipt ? (
        <Receipt {...receipt} />
      ) : order ? (
        <Statement order={order.found} asked={order.asked} onSent={setReceipt} onOtherOrder={() => setOrder(null)} />
      ) : (
        <FindOrder initial={{ orderNumber: search.get('number') ?? '', email: search.get('email') ?? '' }} onFound={(found, asked) => setOrder({ found, asked })} />
      )}
    </div>
  );
}

/** The statement itself: who, which order, which products and how many, why, the IBAN; then Confirm withdrawal, which alone records it. */
function Statement({
  order,
  asked,
  onSent,
  onOtherOrder,
}: {
  order: WithdrawalOrder;
  asked: { orderNumber: number; email: string };
  onSent: (receipt: { answer: WithdrawalReceipt; sent: WithdrawalRequest; order: WithdrawalOrder }) => void;
  onOtherOrder: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [chosen, setChosen] = useState<Chosen>(() => Object.fromEntries(order.lines.filter((line) => line.left > 0).map((line) => [line.id, line.left])));
  const [reason, setReason] = useState('');
  const [iban, setIban] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = withdrawalRequestSchema.safeParse({
      ...asked,
      lines: Object.entries(chosen).map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity })),
      reason: reason.trim() || undefined,
      iban: iban.trim() || undefined,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0] ? t(parsed.error.issues[0].message as ShopMessageId) : t('withdrawal.error.notSent'));
      return;
    }
    if (order.ibanRequired && !parsed.data.iban) {
      setProblem(t('error.withdrawal.iban.required'));
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      onSent({ answer: await apiRequest('/orders/withdrawal', withdrawalReceiptSchema, { method: 'POST', body: JSON.stringify(parsed.data) }), sent: parsed.data, order });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('withdrawal.error.notSent'));
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {t('withdrawal.statement.heading')}
      </h2>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('withdrawal.name.label')}</dt>
        <dd>{order.name}</dd>
        <dt className="font-medium">{t('payment.term.orderNumber')}</dt>
        <dd>{order.orderNumber}</dd>
        <dt className="font-medium">{t('withdrawal.email.label')}</dt>
        <dd className="break-all">{order.email}</dd>
      </dl>
      <button type="button" onClick={onOtherOrder} className="text-sm font-medium text-brand-dark underline">
        {t('withdrawal.otherOrder')}
      </button>
      {order.lastDay && <p className="text-sm text-zinc-700">{t('order.withdraw.until', { day: dayValue(order.lastDay) })}</p>}
      <fieldset>
        <legend className="font-medium">{t('withdrawal.products.label')}</legend>
        <ul className="mt-2 flex flex-col gap-3">
          {order.lines.map((line) => {
            const name = lineName(line.name, line.colour);
            const units = chosen[line.id];
            return (
              <li key={line.id} className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5"
                    disabled={line.left === 0}
                    checked={units !== undefined}
                    onChange={(event) =>
                      setChosen((current) => {
                        const next = { ...current };
                        if (event.target.checked) next[line.id] = line.left;
                        else delete next[line.id];
                        return next;
                      })
                    }
                  />
                  <span>
                    {name}
                    {line.left === 0 && <span className="text-zinc-600"> {t('withdrawal.products.already')}</span>}
                  </span>
                </label>
                {units !== undefined && line.left > 1 && (
                  <label className="flex items-center gap-2">
                    <span>{t('withdrawal.products.howMany', { product: name })}</span>
                    <select
                      value={units}
                      onChange={(event) => setChosen((current) => ({ ...current, [line.id]: Number(event.target.value) }))}
                      className="min-h-11 rounded-lg border border-zinc-400 bg-white px-2"
                    >
                      {Array.from({ length: line.left }, (_, index) => index + 1).map((count) => (
                        <option key={count} value={count}>
                          {t('withdrawal.products.ofBought', { count, bought: line.left })}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Field id={`${id}-reason`} label={t('withdrawal.reason.label')} hint={t('withdrawal.reason.hint')}>
        <input id={`${id}-reason`} maxLength={WITHDRAWAL_NOTE_MAX} aria-describedby={`${id}-reason-hint`} value={reason} onChange={(event) => setReason(event.target.value)} className={inputClass} />
      </Field>
      {order.ibanRequired && (
        <Field id={`${id}-iban`} label={t('withdrawal.iban.label')} hint={t('withdrawal.iban.hint')}>
          <input
            id={`${id}-iban`}
            autoComplete="off"
            spellCheck={false}
            required
            aria-describedby={`${id}-iban-hint`}
            value={iban}
            onChange={(event) => setIban(event.target.value)}
            className={inputClass}
          />
        </Field>
      )}
      <p role="alert" className={problem ? 'text-red-700' : 'sr-only'}>
        {problem}
      </p>
      <button type="submit" disabled={sending} className={primaryButton}>
        {sending ? t('withdrawal.sending') : t('withdrawal.submit')}
      </button>
    </form>
  );
}
