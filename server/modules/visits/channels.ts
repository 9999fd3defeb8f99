import { and, gte, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { visitSources } from '../../../db/schema/visits';
import { addDays } from '../../../domain/calendar';
import type { ChannelRow } from '../../../domain/contracts/visits';
import { SHOP_TIME_ZONE } from '../../../domain/locale';
import { conversionRate } from '../../../domain/visits';

/** The channels shown, most ordering first: a shop with many tagged links keeps its table readable. */
const MOST_CHANNELS = 20;

/**
 * Visitors, orders, revenue and conversion by source and campaign over the last `days` Bucharest days (issue 49):
 * visitors as the storefront's beacon said they came (visit_sources), orders by the channel each order keeps
 * (domain/attribution.ts orderChannel: an influencer's code counts in its channel). Orders are the placed ones, as the
 * dashboard counts them (`placed`); revenue leaves out the cancelled ones. An order from before channels were kept has
 * none (null).
 */
export async function channelStats(db: Db, placed: ReturnType<typeof and>, today: string, days: number): Promise<ChannelRow[]> {
  const first = addDays(today, -(days - 1));
  const since = sql`(${first}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;
  const [visitors, ordered] = await Promise.all([
    db
      .select({ source: visitSources.source, campaign: visitSources.campaign, visitors: sql<number>`count(distinct ${visitSources.visitor})::int` })
      .from(visitSources)
      .where(and(gte(visitSources.day, first), lte(visitSources.day, today)))
      .groupBy(visitSources.source, visitSources.campaign),
    db
      .select({
        source: orders.channel,
        campaign: orders.campaign,
        orders: sql<number>`count(*)::int`,
        revenue: sql<number>`coalesce(sum(${orders.totalAmount}) filter (where ${ne(orders.status, 'cancelled')}), 0)::int`,
      })
      .from(orders)
      .where(and(sql`${orders.createdAt} >= ${since}`, placed))
      .groupBy(orders.channel, orders.campaign),
  ]);
  const rows = new Map<string, ChannelRow>();
  const rowOf = (source: string | null, campaign: string | null) => {
    const key = JSON.stringify([source, campaign || null]);
    const row = rows.get(key) ?? { source, campaign: campaign || null, visitors: 0, orders: 0, revenue: 0, conversion: null };
    rows.set(key, row);
    return row;
  };
  for (const seen of visitors) rowOf(seen.source, seen.campaign).visitors = seen.visitors;
  for (const sold of ordered) Object.assign(rowOf(sold.source, sold.campaign), { orders: sold.orders, revenue: sold.revenue });
  return [...rows.values()]
    .map((row) => ({ ...row, conversion: conversionRate(row.visitors, row.orders) }))
    .sort((a, b) => b.orders - a.orders || b.revenue - a.revenue || b.visitors - a.visitors)
    .slice(0, MOST_CHANNELS);
}
