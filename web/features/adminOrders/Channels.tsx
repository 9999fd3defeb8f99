import { useState } from 'react';
import type { VisitStats } from '../../../domain/contracts/visits';
import { type Column, RowTable, type TableRow } from '../../components/ui/ScrollingTable';
import { useI18n } from '../../lib/i18n';

/**
 * Sales by channel (issue 49): visitors, orders, revenue and conversion by source and campaign, for 7 or 30 days. A
 * visit's source comes from its link's tags (or the site that linked), kept in the tab with no cookie; an
 * influencer's code counts in its code's channel (server/modules/visits/channels.ts).
 */
export function Channels({ channels }: { channels: VisitStats['channels'] }) {
  const { t, money, locale } = useI18n();
  const [days, setDays] = useState(channels[0]?.days ?? 7);
  const period = channels.find((candidate) => candidate.days === days);
  const columns: Column[] = (['channel', 'visitors', 'orders', 'revenue', 'conversion'] as const).map((column) => ({
    label: t(`admin.channels.column.${column}`),
    align: column === 'channel' ? 'left' : 'right',
  }));
  const rows = (period?.rows ?? []).map(
    (row): TableRow => ({
      key: JSON.stringify([row.source, row.campaign]),
      head: row.source === null ? t('admin.channels.unrecorded') : row.campaign ? `${row.source} / ${row.campaign}` : row.source,
      cells: [row.visitors, row.orders, money(row.revenue), row.conversion === null ? '—' : `${row.conversion.toLocaleString(locale)}%`],
    }),
  );
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-zinc-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t('admin.channels.title')}</h3>
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t('admin.channels.period')}</legend>
          {channels.map((candidate) => (
            <button
              key={candidate.days}
              type="button"
              aria-pressed={candidate.days === days}
              onClick={() => setDays(candidate.days)}
              className={`min-h-11 rounded-lg px-3 text-sm font-medium ring-1 ring-zinc-300 ${candidate.days === days ? 'bg-zinc-900 text-white' : 'bg-white text-zinc-900'}`}
            >
              {t('admin.visits.period', { days: candidate.days })}
            </button>
          ))}
        </fieldset>
      </div>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-600">{t('admin.visits.none')}</p>
      ) : (
        <div className="mt-2">
          <RowTable caption={t('admin.channels.caption', { days })} columns={columns} minWidth="min-w-[36rem]" rows={rows} />
        </div>
      )}
      <p className="mt-2 text-xs text-zinc-600">{t('admin.channels.how')}</p>
    </div>
  );
}
