import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type ReturnList, type ReturnRow, returnListSchema } from '../../../domain/contracts/returns';
import { dayValue } from '../../../domain/issueValues';
import { bucharestDay } from '../../../domain/locale';
import { refundUrgency } from '../../../domain/withdrawal';
import { ApiError, apiRequest } from '../../lib/api';
import { BUCHAREST_TIME, useBackOfficeTitle } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';

/**
 * The customers' withdrawals (issue 45): those still open (goods to come back, or money to pay back) by the day their
 * refund is due, said louder from two days before it and once late; then the latest finished. Each links to its order,
 * where the goods are received and the refund paid.
 */
export default function ReturnsPage() {
  const { t } = useI18n();
  useBackOfficeTitle(t('admin.returns.heading'));
  const [list, setList] = useState<ReturnList | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    apiRequest('/admin/returns', returnListSchema).then(setList, (failure: unknown) => setProblem(failure instanceof ApiError ? failure.message : t('admin.somethingWrong')));
  }, [t]);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('admin.returns.heading')}</h1>
      <p className="max-w-3xl text-zinc-700">{t('admin.returns.intro')}</p>
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      {!list && !problem && (
        <p role="status" className="text-zinc-600">
          {t('admin.order.loading')}
        </p>
      )}
      {list && (
        <>
          <Returns title={t('admin.returns.open')} rows={list.open} open empty={t('admin.returns.noneOpen')} />
          {list.done.length > 0 && <Returns title={t('admin.returns.done')} rows={list.done} open={false} empty="" />}
        </>
      )}
    </div>
  );
}

function Returns({ title, rows, open, empty }: { title: string; rows: ReturnRow[]; open: boolean; empty: string }) {
  const today = bucharestDay(new Date());
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {rows.length === 0 && <p className="text-zinc-700">{empty}</p>}
      <ul className="flex flex-col gap-3">
        {rows.map((row) => (
          <ReturnItem key={row.withdrawalId} row={row} urgency={open ? refundUrgency(row.refundDueDay, today) : null} />
        ))}
      </ul>
    </section>
  );
}

/** One withdrawal: whose, when, its goods, and its refund's day (`urgency`: from two days before it, and once late). */
function ReturnItem({ row, urgency }: { row: ReturnRow; urgency: 'due' | 'late' | null }) {
  const { t, money, locale } = useI18n();
  return (
    <li className={`rounded-xl bg-white p-4 ring-1 ${urgency ? 'ring-red-300' : 'ring-zinc-200'}`}>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <Link to={`/admin/orders/${row.orderId}`} className="font-semibold text-brand-dark underline">
          {t('admin.returns.order', { number: String(row.orderNumber) })}
        </Link>
        <span>{row.customer}</span>
        <span className="text-sm text-zinc-600">{t('admin.returns.stated', { time: BUCHAREST_TIME[locale].format(new Date(row.statedAt)) })}</span>
      </p>
      <p className="mt-1 text-sm">
        <strong>{t(`admin.withdrawalStatus.${row.status}`)}</strong> · {t('admin.returns.units', { received: row.received, units: row.units })}
        {row.received < row.units && ` · ${t('admin.returns.hold')}`}
      </p>
      <p className={`mt-1 text-sm ${urgency ? 'font-semibold text-red-800' : 'text-zinc-700'}`}>
        {urgency === 'late' ? t('admin.order.withdrawal.refundLate', { day: dayValue(row.refundDueDay) }) : t('admin.order.withdrawal.refundDue', { day: dayValue(row.refundDueDay) })}
        {row.owed > 0 && ` ${t('admin.returns.owed', { amount: money(row.owed), how: row.paymentMethod === 'card' ? t('admin.returns.toCard') : t('admin.returns.byTransfer') })}`}
        {row.refunded > 0 && ` ${t('admin.returns.refunded', { amount: money(row.refunded) })}`}
      </p>
    </li>
  );
}
