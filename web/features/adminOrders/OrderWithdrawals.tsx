import { lineName } from '../../../domain/catalog';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { ibanPrinted } from '../../../domain/iban';
import { dayValue } from '../../../domain/issueValues';
import { bucharestDay } from '../../../domain/locale';
import { refundUrgency } from '../../../domain/withdrawal';
import { BUCHAREST_TIME } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';

/**
 * The customer's withdrawals from the order (the withdrawal function), oldest first: when each statement reached the
 * shop, which units, why, where its goods stand, the IBAN of a cash order's refund, and the day the refund is due
 * (14 days from the statement), said louder from two days before it and once it is late.
 */
export function OrderWithdrawals({ order }: { order: AdminOrder }) {
  const { t, locale } = useI18n();
  const today = bucharestDay(new Date());
  return (
    <section aria-labelledby="withdrawal-title" className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300">
      <h2 id="withdrawal-title" className="font-semibold text-amber-950">
        {t('admin.order.withdrawal.title')}
      </h2>
      <ul className="mt-1 flex flex-col gap-3">
        {order.withdrawals.map((withdrawal) => {
          const urgency = refundUrgency(withdrawal.refundDueDay, today);
          return (
            <li key={withdrawal.id} className="text-sm">
              <p>
                {t('admin.order.withdrawal.when', { time: BUCHAREST_TIME[locale].format(new Date(withdrawal.statedAt)) })} <strong>{t(`admin.withdrawalStatus.${withdrawal.status}`)}</strong>
              </p>
              <ul className="mt-1 list-disc pl-5">
                {withdrawal.lines.map((unit) => {
                  const line = order.lines.find((item) => item.id === unit.lineId);
                  return <li key={unit.lineId}>{t('admin.order.withdrawal.units', { quantity: unit.quantity, product: line ? lineName(line.name, line.colour) : '?', received: unit.received })}</li>;
                })}
              </ul>
              {withdrawal.reason && <p className="mt-1">{t('admin.order.withdrawal.reason', { reason: withdrawal.reason })}</p>}
              {withdrawal.iban && <p className="mt-1">{t('admin.order.withdrawal.iban', { iban: ibanPrinted(withdrawal.iban) })}</p>}
              <p className={urgency ? 'mt-1 font-semibold text-red-800' : 'mt-1 text-zinc-700'}>
                {t(urgency === 'late' ? 'admin.order.withdrawal.refundLate' : 'admin.order.withdrawal.refundDue', { day: dayValue(withdrawal.refundDueDay) })}
              </p>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-sm text-zinc-700">{t('admin.order.withdrawal.todo')}</p>
    </section>
  );
}
