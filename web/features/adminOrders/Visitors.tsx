import { lazy, Suspense, useEffect, useState } from 'react';
import { type VisitStats, visitStatsSchema } from '../../../domain/contracts/visits';
import { shopDay } from '../../../domain/locale';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { Channels } from './Channels';

/** The chart's library loads only with the dashboard's visitors, not with the rest of the back office. */
const VisitorsChart = lazy(() => import('./VisitorsChart'));

const card = 'rounded-xl bg-white p-4 ring-1 ring-zinc-200';

/**
 * The dashboard's visitors (issue 34; counted on the server with no cookie: server/modules/visits): visitors, orders
 * and the conversion for today, 7 and 30 days; the last 30 days of visitors against orders; the funnel with the
 * drop-off at each step; sales by channel; the products most viewed and most ordered.
 */
export function Visitors() {
  const { t, locale } = useI18n();
  const [stats, setStats] = useState<VisitStats | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiRequest('/admin/visits', visitStatsSchema).then(setStats, () => setFailed(true));
  }, []);
  if (failed) return <p className="text-sm text-red-700">{t('admin.visits.loadFailed')}</p>;
  if (!stats) return null;
  const widest = Math.max(1, ...stats.funnel.map((step) => step.visitors));
  return (
    <section aria-labelledby="visitors-title" className="flex flex-col gap-3">
      <h2 id="visitors-title" className="text-xl font-semibold">
        {t('admin.visits.title')}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {stats.periods.map((period) => (
          <div key={period.days} className={card}>
            <dt className="text-sm text-zinc-600">{t('admin.visits.period', { days: period.days })}</dt>
            <dd className="mt-1">
              <span className="text-2xl font-bold">{t('admin.visits.visitors', { count: period.visitors })}</span>
              <span className="block text-sm text-zinc-700">
                {t('admin.visits.orders', { count: period.orders })} ·{' '}
                {period.conversion === null ? t('admin.visits.conversionUncounted') : t('admin.visits.conversion', { percent: period.conversion.toLocaleString(locale) })}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <div className={card}>
        <h3 className="font-semibold">{t('admin.visits.chartTitle')}</h3>
        <Suspense fallback={<p className="text-sm text-zinc-600">…</p>}>
          <VisitorsChart daily={stats.daily} />
        </Suspense>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">{t('admin.visits.asTable')}</summary>
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">{t('admin.visits.chartTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.visits.day')}</th>
                <th scope="col">{t('admin.visits.visitorsColumn')}</th>
                <th scope="col">{t('admin.visits.ordersColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {stats.daily.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="font-normal">
                    {shopDay(day.day, locale)}
                  </th>
                  <td>{day.visitors}</td>
                  <td>{day.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
      <div className={card}>
        <h3 className="font-semibold">{t('admin.visits.funnelTitle')}</h3>
        <ol className="mt-2 space-y-2 text-sm">
          {stats.funnel.map((step) => (
            <li key={step.step}>
              <div className="flex justify-between gap-2">
                <span>{t(`admin.visits.step.${step.step}`)}</span>
                <span>
                  {step.visitors}
                  {step.dropOff !== null && step.dropOff > 0 && <span className="text-zinc-600"> · {t('admin.visits.dropOff', { percent: step.dropOff.toLocaleString(locale) })}</span>}
                </span>
              </div>
              <div className="mt-1 h-3 rounded bg-zinc-100" aria-hidden="true">
                <div className="h-3 rounded bg-brand" style={{ width: `${(step.visitors / widest) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      </div>
      <Channels channels={stats.channels} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TopList title={t('admin.visits.topViewed')} items={stats.topViewed.map((item) => [item.name, t('admin.visits.views', { count: item.views })])} />
        <TopList title={t('admin.visits.topOrdered')} items={stats.topOrdered.map((item) => [item.name, t('admin.visits.units', { count: item.units })])} />
      </div>
    </section>
  );
}

function TopList({ title, items }: { title: string; items: [string, string][] }) {
  const { t } = useI18n();
  return (
    <div className={card}>
      <h3 className="font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-600">{t('admin.visits.none')}</p>
      ) : (
        <ol className="mt-1 list-decimal pl-5 text-sm">
          {items.map(([name, figure]) => (
            <li key={name}>
              {name}: {figure}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
