import type { Dashboard as Figures } from '../../../domain/contracts/admin';
import { formatRon } from '../../lib/format';

/** The three figures on top of the orders. */
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
    </section>
  );
}
