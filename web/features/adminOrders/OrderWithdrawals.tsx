import { type FormEvent, useId, useState } from 'react';
import { lineName } from '../../../domain/catalog';
import type { AdminOrder } from '../../../domain/contracts/admin';
import type { WithdrawalView } from '../../../domain/contracts/orders';
import { ibanPrinted } from '../../../domain/iban';
import { dayValue } from '../../../domain/issueValues';
import { bucharestDay } from '../../../domain/locale';
import { refundUrgency } from '../../../domain/withdrawal';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { BUCHAREST_TIME } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';
import { useOrderAction } from './orderSection';
import { ReturnAwb } from './ReturnAwb';

type Changed = (order: AdminOrder) => void;

/**
 * The customer's withdrawals from the order (the withdrawal function), oldest first: when each statement reached the
 * shop, which units (and how many arrived), why, where its goods stand, the IBAN of a cash order's refund, and the day
 * the refund is due (14 days from the statement), said louder from two days before it and once it is late. The owner
 * receives the goods here, line by line, and pays each refund their credit note owes.
 */
export function OrderWithdrawals({ order, onChanged }: { order: AdminOrder; onChanged: Changed }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="withdrawal-title" className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
      <h2 id="withdrawal-title" className="font-semibold text-amber-950">
        {t('admin.order.withdrawal.title')}
      </h2>
      <ul className="mt-1 flex flex-col gap-4">
        {order.withdrawals.map((withdrawal) => (
          <Withdrawal key={withdrawal.id} order={order} withdrawal={withdrawal} onChanged={onChanged} />
        ))}
      </ul>
      <p className="mt-2 text-sm text-zinc-700">{t('admin.order.withdrawal.todo')}</p>
    </section>
  );
}

function Withdrawal({ order, withdrawal, onChanged }: { order: AdminOrder; withdrawal: WithdrawalView; onChanged: Changed }) {
  const { t, locale } = useI18n();
  const urgency = withdrawal.refunds.every((refund) => refund.status === 'paid') && withdrawal.status === 'received' ? null : refundUrgency(withdrawal.refundDueDay, bucharestDay(new Date()));
  const named = (lineId: number) => {
    const line = order.lines.find((item) => item.id === lineId);
    return line ? lineName(line.name, line.colour) : '?';
  };
  return (
    <li className="text-sm">
      <p>
        {t('admin.order.withdrawal.when', { time: BUCHAREST_TIME[locale].format(new Date(withdrawal.statedAt)) })} <strong>{t(`admin.withdrawalStatus.${withdrawal.status}`)}</strong>
      </p>
      <ul className="mt-1 list-disc pl-5">
        {withdrawal.lines.map((unit) => (
          <li key={unit.lineId}>{t('admin.order.withdrawal.units', { quantity: unit.quantity, product: named(unit.lineId), received: unit.received })}</li>
        ))}
      </ul>
      {withdrawal.reason && <p className="mt-1">{t('admin.order.withdrawal.reason', { reason: withdrawal.reason })}</p>}
      {withdrawal.iban && <p className="mt-1">{t('admin.order.withdrawal.iban', { iban: ibanPrinted(withdrawal.iban) })}</p>}
      <p className={urgency ? 'mt-1 font-semibold text-red-800' : 'mt-1 text-zinc-700'}>
        {t(urgency === 'late' ? 'admin.order.withdrawal.refundLate' : 'admin.order.withdrawal.refundDue', { day: dayValue(withdrawal.refundDueDay) })}
      </p>
      {withdrawal.refunds.length > 0 && (
        <ul aria-label={t('admin.order.refund.list')} className="mt-2 flex flex-col gap-2">
          {withdrawal.refunds.map((refund) => (
            <Refund key={refund.id} refund={refund} onChanged={onChanged} />
          ))}
        </ul>
      )}
      {order.status === 'delivered' && <ReturnAwb order={order} withdrawal={withdrawal} onChanged={onChanged} />}
      {order.status === 'delivered' && withdrawal.status === 'requested' && !withdrawal.returnAwb && <CustomerSends withdrawal={withdrawal} onChanged={onChanged} />}
      {order.status === 'delivered' && withdrawal.status !== 'received' && <Receive withdrawal={withdrawal} named={named} onChanged={onChanged} />}
    </li>
  );
}

/** The customer sends the goods back themselves: the withdrawal is on its way back, without a return AWB. */
function CustomerSends({ withdrawal, onChanged }: { withdrawal: WithdrawalView; onChanged: Changed }) {
  const { t } = useI18n();
  const { busy, problem, run } = useOrderAction(onChanged);
  return (
    <div className="mt-3">
      <button type="button" disabled={busy} onClick={() => void run(`/admin/withdrawals/${withdrawal.id}/customer-sends`)} className={secondaryButton}>
        {t('admin.order.return.customerSends')}
      </button>
      {problem && (
        <p role="alert" className="mt-1 text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Received: how many of each line's units still to come arrived now (all, by default). */
function Receive({ withdrawal, named, onChanged }: { withdrawal: WithdrawalView; named: (lineId: number) => string; onChanged: Changed }) {
  const { t } = useI18n();
  const id = useId();
  const waiting = withdrawal.lines.filter((unit) => unit.received < unit.quantity);
  const [arrived, setArrived] = useState<Record<number, number>>(() => Object.fromEntries(waiting.map((unit) => [unit.lineId, unit.quantity - unit.received])));
  const { busy, problem, setProblem, run } = useOrderAction(onChanged);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const lines = Object.entries(arrived)
      .filter(([, quantity]) => quantity > 0)
      .map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity }));
    if (lines.length === 0) {
      setProblem(t('admin.order.receive.none'));
      return;
    }
    await run(`/admin/withdrawals/${withdrawal.id}/received`, { lines });
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="mt-3 flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-amber-200">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('admin.order.receive.title')}
      </h3>
      {waiting.map((unit) => (
        <label key={unit.lineId} className="flex flex-wrap items-center gap-2">
          <span>{t('admin.order.receive.line', { product: named(unit.lineId) })}</span>
          <select
            value={arrived[unit.lineId] ?? 0}
            onChange={(event) => setArrived((current) => ({ ...current, [unit.lineId]: Number(event.target.value) }))}
            className="min-h-11 rounded-md border border-zinc-400 bg-white px-2"
          >
            {Array.from({ length: unit.quantity - unit.received + 1 }, (_, index) => index).map((count) => (
              <option key={count} value={count}>
                {t('admin.order.receive.count', { count, of: unit.quantity - unit.received })}
              </option>
            ))}
          </select>
        </label>
      ))}
      <p className="text-zinc-700">{t('admin.order.receive.hint')}</p>
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${primaryButton} self-start`}>
        {t('admin.order.receive.submit')}
      </button>
    </form>
  );
}

/** A refund a return's credit note owes: its amount, how, where it stands; a transfer still due is recorded here. */
function Refund({ refund, onChanged }: { refund: WithdrawalView['refunds'][number]; onChanged: Changed }) {
  const { t, money } = useI18n();
  const id = useId();
  const [day, setDay] = useState(() => bucharestDay(new Date()));
  const { busy, problem, run } = useOrderAction(onChanged);
  const act = (path: string, body?: object) => run(`/admin/refunds/${refund.id}/${path}`, body);
  const values = { amount: money(refund.amount), creditNote: refund.creditNote ?? '—', day: refund.paidOn ? dayValue(refund.paidOn) : '' };

  return (
    <li className="rounded-lg bg-white p-3 ring-1 ring-amber-200">
      <p>
        {t(refund.method === 'card' ? 'admin.order.refund.card' : 'admin.order.refund.transfer', values)} <strong>{t(`admin.refundStatus.${refund.status}`, values)}</strong>
      </p>
      {refund.method === 'card' && refund.status === 'due' && (
        <button type="button" disabled={busy} onClick={() => void act('card')} className={`${secondaryButton} mt-2`}>
          {t('admin.order.refund.toCard')}
        </button>
      )}
      {refund.method === 'transfer' && refund.status === 'due' && (
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void act('transfer', { paidOn: day });
          }}
          className="mt-2 flex flex-wrap items-end gap-2"
        >
          <label htmlFor={`${id}-day`} className="flex flex-col gap-1">
            <span>{t('admin.order.refund.day')}</span>
            <input id={`${id}-day`} type="date" required value={day} onChange={(event) => setDay(event.target.value)} className="min-h-11 rounded-md border border-zinc-400 px-3" />
          </label>
          <button type="submit" disabled={busy} className={secondaryButton}>
            {t('admin.order.refund.recordTransfer')}
          </button>
        </form>
      )}
      {problem && (
        <p role="alert" className="mt-1 text-red-700">
          {problem}
        </p>
      )}
    </li>
  );
}
