import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderEvents, orders } from '../../../db/schema/orders';
import { reviewRequests } from '../../../db/schema/reviews';
import { notOptedOut } from '../mail/optOut';
import { queueReviewRequestMails } from '../mail/service';
import { became } from '../orders/received';

/**
 * How long after its day an order is still asked about: a shop that turns the requests on (or a process that was down
 * for days) asks the orders delivered in these last days, never every order it ever delivered.
 */
export const REQUEST_WINDOW_DAYS = 14;

const daysAgo = (days: number): SQL => sql`now() - make_interval(secs => ${Math.round(days * 86_400)})`;

/** Delivered `days` days ago or more (a part of a day too), and at most REQUEST_WINDOW_DAYS more (the last time it became delivered). */
const deliveredDaysAgo = (days: number): SQL => sql`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${became('delivered')}
  and ${orderEvents.at} <= ${daysAgo(days)} and ${orderEvents.at} > ${daysAgo(days + REQUEST_WINDOW_DAYS)})`;

/**
 * The orders due a review request: delivered `days` ago (and still delivered: not returned since), their customer's
 * details not erased, an address to write to that has not opted out of such mails, and never asked before.
 */
export function dueForReview(days: number): SQL {
  return and(
    eq(orders.status, 'delivered'),
    isNull(orders.anonymisedAt),
    ne(orders.email, ''),
    notOptedOut(orders.email),
    sql`not exists (select 1 from ${reviewRequests} where ${reviewRequests.orderId} = ${orders.id})`,
    deliveredDaysAgo(days),
  )!;
}

/** How often the round looks for orders due: every 10 minutes, or every tenth of a shorter delay (2 seconds at least). */
export const requestRoundEveryMs = (days: number): number => Math.min(10 * 60_000, Math.max(2_000, Math.round((days * 86_400_000) / 10)));

/**
 * The review requests' round (REVIEW_REQUEST_DAYS, issue 49): each order due (dueForReview) gets one mail asking for
 * a review, never two: its review_requests row is inserted in the transaction that writes the mail, and a process
 * running the round at the same moment finds the row there (its insert does nothing, so it writes no mail). At most
 * `limit` a round; returns how many were asked.
 */
export async function requestReviews(db: Db, days: number, limit = 50): Promise<number> {
  if (!(days > 0)) throw new Error('the review requests’ delay is a number of days');
  return db.transaction(async (tx) => {
    const due = tx.select({ id: orders.id }).from(orders).where(dueForReview(days)).orderBy(orders.createdAt).limit(limit);
    const claimed = await tx
      .insert(reviewRequests)
      .select(
        tx
          .select({ orderId: sql<string>`${orders.id}`.as('order_id'), at: sql<Date>`now()`.as('at') })
          .from(orders)
          .where(inArray(orders.id, due)),
      )
      .onConflictDoNothing()
      .returning({ orderId: reviewRequests.orderId });
    if (claimed.length === 0) return 0;
    const asked = await tx
      .select({ id: orders.id, email: orders.email })
      .from(orders)
      .where(
        inArray(
          orders.id,
          claimed.map((row) => row.orderId),
        ),
      );
    await queueReviewRequestMails(tx, asked);
    return asked.length;
  });
}
