import { Link } from 'react-router';
import type { Dashboard as Figures } from '../../../domain/contracts/admin';
import { formatRon } from '../../lib/format';

/** The three figures on top of the orders, and the mails that could not be sent when there are any. */
export function Dashboard({ figures }: { figures: Figures | null }) {
  const items = [
    { label: 'Orders today', value: figures ? String(figures.ordersToday) : '…' },
    { label: 'Waiting for you', value: figures ? String(figures.awaitingOwner) : '…' },
    { label: 'Delivered this month', value: figures ? formatRon(figures.deliveredRevenueThisMonth) : '…' },
  ];
  return (
    <section aria-label="Today at a glance">
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
            {figures.failedMails === 1 ? '1 mail could not be sent' : `${figures.failedMails} mails could not be sent`}
          </Link>
          : see why, and send them again.
        </p>
      )}
    </section>
  );
}
