/**
 * The owners' notifications on their phones (Web Push, issue 48): their subscriptions, and the notifications the shop's
 * events write, in their own transactions, for each subscription of an owner (as the mail outbox's rows: a notification
 * exists exactly when its event does). Sending them is sending.ts's, in the job 'owner notifications' (server/jobs.ts).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { user } from '../../../db/schema/accounts';
import { pushNotifications, pushSubscriptions } from '../../../db/schema/push';
import type { OwnerPushKind } from '../../../domain/contracts/push';
import type { PushSubscribeRequest } from '../../../domain/push';

/**
 * The INSERT of one notification of `kind` about `order` for every subscription of an owner, not yet run: a statement's
 * CTE (placing an order writes its notifications in the statement that writes it, orders/placeStatements.ts). `from`:
 * a CTE the rows are written for (none: nothing written), e.g. the order inserted by the same statement.
 */
export function ownerPushSql(kind: OwnerPushKind, order: SQL, from?: SQL): SQL {
  return sql`insert into ${pushNotifications} (subscription_id, kind, order_id)
    select subscription.id, ${kind}::text, ${order} from ${from ? sql`${from}, ` : sql``}${pushSubscriptions} subscription
    join ${user} person on person.id = subscription.user_id and person.role = 'owner'`;
}

/** Writes the owners' notifications of an event about an order, in the event's transaction. */
export async function queueOwnerPush(tx: DbOrTx, kind: OwnerPushKind, orderId: string): Promise<void> {
  await tx.execute(ownerPushSql(kind, sql`${orderId}::uuid`));
}

/** An invoice or credit note refused (by ANAF or the e-Factura rules), told by the invoices' jobs (server/jobs.ts). */
export const invoiceRefusedPush = (tx: DbOrTx, orderId: string) => queueOwnerPush(tx, 'invoice_refused', orderId);

/**
 * Keeps this browser's subscription for the owner (a browser subscribing again, as another owner or in another
 * language, replaces what it had: its endpoint is its own).
 */
export async function subscribe(db: Db, userId: string, request: PushSubscribeRequest): Promise<void> {
  const values = { userId, endpoint: request.endpoint, p256dh: request.keys.p256dh, auth: request.keys.auth, language: request.language };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth, language: values.language } });
}

/** Removes the owner's subscription of this browser (its notifications not yet sent go with it); false when there was none. */
export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
