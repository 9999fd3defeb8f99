import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { codBlocks, orders } from '../../../db/schema/orders';
import { type CodBlockRequest, contactKeys } from '../../../domain/codRisk';
import { SHOP_TIME_ZONE } from '../../../domain/locale';

/**
 * The cash-on-delivery risk (issue 34, domain/codRisk.ts): earlier returned orders of an order's phone or email, for
 * the owner; the contacts the owner takes no more cash on delivery from, refused at checkout.
 */

/**
 * For the back office's list (and its live stream): whether an earlier order of the same phone or email (any case)
 * came back returned. Anonymised orders have no contact (issue 48): never flagged, never flagging. Written out in SQL: Drizzle leaves a correlated subquery's outer columns unqualified.
 */
export const returnedBeforeColumn = sql<boolean>`"orders"."anonymised_at" is null and exists (
  select 1 from orders earlier
  where earlier.status = 'returned' and earlier.created_at < "orders"."created_at" and earlier.anonymised_at is null
    and (earlier.phone_number = "orders"."phone_number" or lower(earlier.email) = lower("orders"."email"))
)`;

/** The earlier returned orders of an order's contact, oldest first: which, and the (Bucharest) day each came back. */
export async function returnedBefore(db: Db, order: { id: string; phoneNumber: string; email: string; createdAt: Date; anonymisedAt: Date | null }) {
  if (order.anonymisedAt) return [];
  const { phone, email } = contactKeys(order);
  return db
    .select({
      id: orders.id,
      number: orders.number,
      returnedOn: sql<string | null>`(select to_char(max(e.at) at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD') from order_events e where e.order_id = "orders"."id" and e.to_status = 'returned')`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'returned'),
        lt(orders.createdAt, order.createdAt),
        isNull(orders.anonymisedAt),
        or(phone ? eq(orders.phoneNumber, phone) : undefined, sql`lower(${orders.email}) = ${email}`),
      ),
    )
    .orderBy(asc(orders.createdAt));
}

/** The owner's blocks on a contact (its phone, its email), newest first. */
export async function codBlocksOf(db: DbOrTx, contact: { phoneNumber: string; email: string }) {
  const { phone, email } = contactKeys(contact);
  const rows = await db
    .select({ id: codBlocks.id, kind: codBlocks.kind, value: codBlocks.value, createdAt: codBlocks.createdAt })
    .from(codBlocks)
    .where(or(and(eq(codBlocks.kind, 'email'), eq(codBlocks.value, email)), phone ? and(eq(codBlocks.kind, 'phone'), eq(codBlocks.value, phone)) : undefined))
    .orderBy(desc(codBlocks.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Takes no more cash on delivery from a phone, an email or both (once each: blocking one again changes nothing). */
export async function blockCod(db: Db, request: CodBlockRequest, owner: { id: string }) {
  const rows = [...(request.phone ? [{ kind: 'phone' as const, value: request.phone }] : []), ...(request.email ? [{ kind: 'email' as const, value: request.email }] : [])];
  await db
    .insert(codBlocks)
    .values(rows.map((row) => ({ ...row, createdBy: owner.id })))
    .onConflictDoNothing();
  return db
    .select({ id: codBlocks.id, kind: codBlocks.kind, value: codBlocks.value })
    .from(codBlocks)
    .where(or(...rows.map((row) => and(eq(codBlocks.kind, row.kind), eq(codBlocks.value, row.value)))));
}

/** Takes cash on delivery from a phone or an email again; false when there was no such block. */
export async function liftCodBlock(db: Db, id: number): Promise<boolean> {
  return (await db.delete(codBlocks).where(eq(codBlocks.id, id)).returning({ id: codBlocks.id })).length > 0;
}
