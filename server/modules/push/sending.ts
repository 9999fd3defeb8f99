/**
 * The job 'owner notifications' (server/jobs.ts): sends the notifications the shop's events wrote (push/service.ts) to
 * the owners' phones, as the mail outbox sends its mails: each process leases its own (server/leases.ts), a failed one
 * is tried again later and given up after a day, and a subscription the push service says is gone (404, 410) is
 * deleted with what was still to send to it. What the phone shows is read when sent: the order's number and total,
 * nothing else of it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { pushNotifications, pushSubscriptions } from '../../../db/schema/push';
import type { OwnerPushKind, PushPayload } from '../../../domain/contracts/push';
import type { Locale } from '../../../domain/locale';
import { formatMoney } from '../../../domain/money';
import type { AdminMessageId } from '../../../locales/messages';
import { translate } from '../../i18n';
import type { PushSender } from '../../integrations/push';
import { dueRows, leaseEnd, notLeased } from '../../leases';
import { scrubText } from '../../logging';
import { everyFewSeconds, type Rounds } from '../../rounds';
import { retryDelaySeconds } from '../mail/outbox';

/** The notifications leased at once; a full batch means more may be due, and the round goes on. */
export const PUSH_BATCH = 10;
/** How long a process holds the notifications it sends (each request is bounded by the sender's timeout, 10 s). */
export const PUSH_LEASE_SECONDS = 30;
/** A notification still failing this long after it was written is given up (the dashboard and the mail have it). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often a process looks for notifications to send. */
export const PUSH_EVERY_MS = 2_000;

/** The owners' notifications as this process sends them: the sender (web-push with the shop's VAPID keys). */
export interface PushSending {
  sender: PushSender;
  /** The VAPID public key the back office subscribes with (GET /api/admin/push). */
  publicKey: string;
}

const TITLES: Record<OwnerPushKind, AdminMessageId> = {
  new_order: 'admin.push.title.newOrder',
  payment_alert: 'admin.push.title.paymentAlert',
  invoice_refused: 'admin.push.title.invoiceRefused',
  parcel_refused: 'admin.push.title.parcelRefused',
};

/** What the phone is sent: the title naming the order by its number and total, and its page in the back office. */
export function pushPayload(kind: OwnerPushKind, order: { id: string; number: number; total: number }, locale: Locale): PushPayload {
  return { title: translate(locale, TITLES[kind], { number: order.number, total: formatMoney(order.total, locale) }), url: `/admin/orders/${order.id}` };
}

type Log = { warn(details: object, message: string): void };

/** Sends one batch of due notifications; how many were sent, found gone (their subscriptions deleted), and failed this time. */
export async function sendDueNotifications(db: Db, push: PushSending, log: Log, limit = PUSH_BATCH): Promise<{ sent: number; gone: number; failed: number; leased: number }> {
  const due = dueRows(db, {
    id: pushNotifications.id,
    from: pushNotifications,
    where: and(sql`${pushNotifications.nextAttemptAt} <= now()`, notLeased(pushNotifications.leasedUntil)),
    orderBy: pushNotifications.id,
    limit,
  });
  const leased = await db
    .update(pushNotifications)
    .set({ leasedUntil: leaseEnd(PUSH_LEASE_SECONDS), attempts: sql`${pushNotifications.attempts} + 1` })
    .where(inArray(pushNotifications.id, due))
    .returning({ id: pushNotifications.id });
  if (leased.length === 0) return { sent: 0, gone: 0, failed: 0, leased: 0 };
  const rows = await db
    .select({
      id: pushNotifications.id,
      kind: pushNotifications.kind,
      attempts: pushNotifications.attempts,
      createdAt: pushNotifications.createdAt,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      language: pushSubscriptions.language,
      orderId: orders.id,
      number: orders.number,
      total: orders.totalAmount,
    })
    .from(pushNotifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushNotifications.subscriptionId))
    .innerJoin(orders, eq(orders.id, pushNotifications.orderId))
    .where(
      inArray(
        pushNotifications.id,
        leased.map((row) => row.id),
      ),
    );
  const result = { sent: 0, gone: 0, failed: 0, leased: leased.length };
  for (const row of rows) {
    const payload = JSON.stringify(pushPayload(row.kind, { id: row.orderId, number: row.number, total: row.total }, row.language));
    let status: number | null = null;
    let reason = '';
    try {
      status = await push.sender.send(row, payload);
    } catch (error) {
      reason = scrubText(error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 200);
    }
    // The push service's host only: the rest of its address identifies the phone.
    const service = new URL(row.endpoint).host;
    if (status !== null && status >= 200 && status < 300) {
      await db.delete(pushNotifications).where(eq(pushNotifications.id, row.id));
      result.sent += 1;
    } else if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it goes, with whatever was still to send to it.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscriptionId));
      log.warn({ notification: row.id, service, status }, 'a phone’s notifications subscription is gone; removed');
      result.gone += 1;
    } else {
      const givingUp = Date.now() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS;
      if (givingUp) await db.delete(pushNotifications).where(eq(pushNotifications.id, row.id));
      else
        await db
          .update(pushNotifications)
          .set({ leasedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})` })
          .where(eq(pushNotifications.id, row.id));
      log.warn(
        { notification: row.id, kind: row.kind, service, status, reason, attempts: row.attempts },
        givingUp ? 'owner notification given up' : 'owner notification not sent; it will be tried again',
      );
      result.failed += 1;
    }
  }
  return result;
}

/** Sends due notifications every PUSH_EVERY_MS, batch after batch while batches come full; a failed round is logged. */
export function startPushSending(db: Db, push: PushSending, log: Log, everyMs = PUSH_EVERY_MS): Rounds {
  return everyFewSeconds(
    async (state) => {
      let batch = await sendDueNotifications(db, push, log);
      while (!state.stopping && batch.leased === PUSH_BATCH) batch = await sendDueNotifications(db, push, log);
    },
    everyMs,
    (error) => log.warn({ reason: scrubText(error instanceof Error ? error.message : String(error)) }, 'sending the owners’ notifications failed; trying again later'),
  );
}
