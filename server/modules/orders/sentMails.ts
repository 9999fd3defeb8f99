import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderEvents, orders } from '../../../db/schema/orders';
import { forgetSentMails } from '../mail/outbox';
import { OWNERS } from '../mail/service';

/**
 * MAIL_KEEP_DAYS (issue 48): the mails sent more than `days` ago leave the outbox, and each order's timeline keeps that
 * its mail was sent (its kind, to the customer or the owners, when: the event is dated when it was sent), in one
 * transaction. The event leaves the order's version as it is: an owner's open page is not made stale by it. At most
 * `limit` mails a round; returns how many went.
 */
export async function keepSentMailsInTimelines(db: Db, days: number, now = new Date(), limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const sent = await forgetSentMails(tx, new Date(now.getTime() - days * 86_400_000), limit);
    const ids = [...new Set(sent.flatMap((mail) => (mail.orderId ? [mail.orderId] : [])))];
    if (ids.length > 0) {
      const statuses = new Map((await tx.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids))).map((order) => [order.id, order.status]));
      const events = sent.flatMap((mail) => {
        const status = mail.orderId ? statuses.get(mail.orderId) : undefined;
        if (!mail.orderId || !status || !mail.sentAt) return [];
        const to = mail.recipient === OWNERS ? 'the owners' : 'the customer';
        return [
          {
            orderId: mail.orderId,
            at: mail.sentAt,
            actor: 'system' as const,
            fromStatus: status,
            toStatus: status,
            note: `Mail ${mail.kind} sent to ${to} (removed from the outbox after ${days} days)`,
          },
        ];
      });
      if (events.length > 0) await tx.insert(orderEvents).values(events);
    }
    return sent.length;
  });
}
