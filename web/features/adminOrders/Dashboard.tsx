import { Link } from 'react-router';
import type { Dashboard as Figures } from '../../../domain/contracts/admin';
import { useI18n } from '../../lib/i18n';

/** The three figures on top of the orders, then what needs a look when there is any: mails not sent, shipments overdue. */
export function Dashboard({ figures }: { figures: Figures | null }) {
  const { t, money } = useI18n();
  const items = [
    { label: t('admin.dashboard.ordersToday'), value: figures ? String(figures.ordersToday) : '…' },
    { label: t('admin.dashboard.awaitingOwner'), value: figures ? String(figures.awaitingOwner) : '…' },
    { label: t('admin.dashboard.deliveredThisMonth'), value: figures ? money(figures.deliveredRevenueThisMonth) : '…' },
  ];
  return (
    <section aria-label={t('admin.dashboard.label')}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-xl bg-white p-4 ring-1 ring-zinc-200">
            <dt className="text-sm text-zinc-600">{item.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{item.value}</dd>
          </div>
        ))}
      </dl>
      {figures && figures.failedMails > 0 && (
        <p className="mt-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
          <Link to="/admin/mails" className="font-semibold underline">
            {t('admin.dashboard.failedMails', { count: figures.failedMails })}
          </Link>
          {t('admin.dashboard.failedMailsAfter')}
        </p>
      )}
      {figures && figures.overdueShipments > 0 && (
        <p className="mt-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
          <Link to="/admin?status=overdue" className="font-semibold underline">
            {t('admin.dashboard.overdueShipments', { count: figures.overdueShipments, days: figures.overdueDays })}
          </Link>
          {t('admin.dashboard.overdueShipmentsAfter', { count: figures.overdueShipments })}
        </p>
      )}
    </section>
  );
}
