import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderEvents } from '../../../db/schema/orders';

/**
 * When each of these orders reached its customer, as far as the shop knows: when the owner marked it
 * delivered (the last time, if more than once). Orders not delivered are not in the map.
 */
export async function receivedAtOf(db: DbOrTx, ids: string[]): Promise<Map<string, Date>> {
  const rows = await db
    .select({ orderId: orderEvents.orderId, at: max(orderEvents.at) })
    .from(orderEvents)
    // A change to delivered, not an event that leaves a delivered order delivered (a withdrawal request).
    .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.toStatus, 'delivered'), sql`${orderEvents.fromStatus} is distinct from ${orderEvents.toStatus}`))
    .groupBy(orderEvents.orderId);
  return new Map(rows.flatMap(({ orderId, at }) => (at ? [[orderId, at] as const] : [])));
}
