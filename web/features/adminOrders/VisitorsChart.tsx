import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { VisitStats } from '../../../domain/contracts/visits';
import { useI18n } from '../../lib/i18n';

/**
 * The last 30 days of visitors (bars) against orders (a line), in SVG by Recharts, with its keyboard and screen-reader
 * layer on; the dashboard also has the same figures as a table. Loaded on its own (Visitors.tsx).
 */
export default function VisitorsChart({ daily }: { daily: VisitStats['daily'] }) {
  const { t } = useI18n();
  // Days as Romanians write them, day.month: 28.11 (issue 46).
  const data = daily.map((day) => ({ day: `${day.day.slice(8, 10)}.${day.day.slice(5, 7)}`, visitors: day.visitors, orders: day.orders }));
  const total = daily.reduce((sum, day) => ({ visitors: sum.visitors + day.visitors, orders: sum.orders + day.orders }), { visitors: 0, orders: 0 });
  return (
    <figure className="mt-2">
      {/* Clipped: while the chart takes a new width (a phone turned), neither it nor its tooltip widens the page. */}
      <div className="h-56 w-full overflow-hidden">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} accessibilityLayer margin={{ top: 8, right: 8, bottom: 0, left: -16 }} title={t('admin.visits.chartTitle')}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend />
            <Bar dataKey="visitors" name={t('admin.visits.visitorsColumn')} fill="#15803d" isAnimationActive={false} />
            <Line dataKey="orders" name={t('admin.visits.ordersColumn')} stroke="#b45309" strokeWidth={2} dot={false} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-1 text-sm text-zinc-700">
        {t('admin.visits.chartSummary', { visitors: t('admin.visits.visitors', { count: total.visitors }), orders: t('admin.visits.orders', { count: total.orders }) })}
      </figcaption>
    </figure>
  );
}
