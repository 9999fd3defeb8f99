import { and, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderEvents } from '../../../db/schema/orders';
import type { OrderStatus } from '../../../domain/orders';

/**
 * An event that moved an order to `status`, not one that left it there (a withdrawal request is an event from a
 * status to itself): SQL's twin of domain/orders' `becameStatus`.
 */
export const became = (status: OrderStatus): SQL => and(eq(orderEvents.toStatus, status), sql`${orderEvents.fromStatus} is distinct from ${orderEvents.toStatus}`)!;

/**
 * When each of these orders reached its customer, as far as the shop knows: when the owner marked it
 * delivered (the last time, if more than once). Orders not delivered are not in the map.
 */
export async function receivedAtOf(db: DbOrTx, ids: string[]): Promise<Map<string, Date>> {
  const rows = await db
    .select({ orderId: orderEvents.orderId, at: max(orderEvents.at) })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, ids), became('delivered')))
    .groupBy(orderEvents.orderId);
  return new Map(rows.flatMap(({ orderId, at }) => (at ? [[orderId, at] as const] : [])));
}
