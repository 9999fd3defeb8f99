import { and, desc, eq, gte, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { orderLines, orders } from '../../../db/schema/orders';
import { visitViews, visitVisitors } from '../../../db/schema/visits';
import { addDays } from '../../../domain/calendar';
import type { VisitStats } from '../../../domain/contracts/visits';
import { bucharestDay, SHOP_TIME_ZONE } from '../../../domain/locale';
import { conversionRate, dropOffs, FUNNEL_STEPS } from '../../../domain/visits';
import { channelStats } from './channels';

const DAYS = 30;
const TOP = 5;
/** The periods of sales by channel (issue 49). */
const CHANNEL_DAYS = [7, 30];

/** An order that counts as placed: any but a card order never paid (abandoned on Stripe's page). */
const placed = or(ne(orders.paymentMethod, 'card'), isNotNull(orders.paidAt));
const orderDay = sql<string>`((${orders.createdAt} at time zone ${SHOP_TIME_ZONE})::date)::text`;

/** The dashboard's visitors, funnel and top products over the last 30 Bucharest days (visits/counter.ts counts them). */
export async function visitStats(db: Db, today = bucharestDay(new Date())): Promise<VisitStats> {
  const first = addDays(today, -(DAYS - 1));
  const since = sql`(${first}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;
  const [visitorDays, orderDays, steps, viewed, ordered, ...channels] = await Promise.all([
    db
      .select({ day: sql<string>`${visitVisitors.day}::text`, visitors: sql<number>`count(distinct ${visitVisitors.visitor})::int` })
      .from(visitVisitors)
      .where(and(gte(visitVisitors.day, first), lte(visitVisitors.day, today)))
      .groupBy(visitVisitors.day),
    db
      .select({ day: orderDay, orders: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(sql`${orders.createdAt} >= ${since}`, placed))
      // By position: the day's expression written twice would be two parameters, and two expressions to PostgreSQL.
      .groupBy(sql`1`),
    db
      .select({ step: visitVisitors.step, visitors: sql<number>`count(*)::int` })
      .from(visitVisitors)
      .where(and(gte(visitVisitors.day, first), lte(visitVisitors.day, today)))
      .groupBy(visitVisitors.step),
    db
      .select({ name: sql<string>`coalesce(${products.name}, ${visitViews.page})`, views: sql<number>`sum(${visitViews.views})::int` })
      .from(visitViews)
      .leftJoin(products, eq(products.slug, visitViews.page))
      .where(and(eq(visitViews.step, 'product'), gte(visitViews.day, first), lte(visitViews.day, today)))
      .groupBy(visitViews.page, products.name)
      .orderBy(desc(sql`sum(${visitViews.views})`))
      .limit(TOP),
    db
      .select({ name: sql<string>`coalesce(${products.name}, max(${orderLines.name}))`, units: sql<number>`sum(${orderLines.quantity})::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(and(sql`${orders.createdAt} >= ${since}`, placed))
      .groupBy(orderLines.productId, products.name)
      .orderBy(desc(sql`sum(${orderLines.quantity})`))
      .limit(TOP),
    ...CHANNEL_DAYS.map((days) => channelStats(db, placed, today, days)),
  ]);
  const visitorsOn = new Map(visitorDays.map((row) => [row.day, row.visitors]));
  const ordersOn = new Map(orderDays.map((row) => [row.day, row.orders]));
  const daily = Array.from({ length: DAYS }, (_, index) => {
    const day = addDays(first, index);
    return { day, visitors: visitorsOn.get(day) ?? 0, orders: ordersOn.get(day) ?? 0 };
  });
  const periods = [1, 7, 30].map((days) => {
    const last = daily.slice(-days);
    const visitors = last.reduce((sum, day) => sum + day.visitors, 0);
    const ordersPlaced = last.reduce((sum, day) => sum + day.orders, 0);
    return { days, visitors, orders: ordersPlaced, conversion: conversionRate(visitors, ordersPlaced) };
  });
  const reached = new Map(steps.map((row) => [row.step, row.visitors]));
  const totalOrders = periods[2]!.orders;
  const funnel = dropOffs(FUNNEL_STEPS.map((step) => ({ step, visitors: step === 'order' ? totalOrders : (reached.get(step) ?? 0) })));
  return { periods, daily, funnel, topViewed: viewed, topOrdered: ordered, channels: CHANNEL_DAYS.map((days, index) => ({ days, rows: channels[index]! })) };
}
