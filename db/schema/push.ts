import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OwnerPushKind } from '../../domain/contracts/push';
import type { Locale } from '../../domain/locale';
import { user } from './accounts';
import { orders } from './orders';

/**
 * The owners' phones (or browsers) that asked for the back office's notifications (Web Push, issue 48): the push
 * service's address the browser gave and the keys the payload is encrypted with (RFC 8291). An owner has one per
 * browser; one goes with its account, or when the push service says it is gone (404, 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser (https://fcm.googleapis.com/…, https://updates.push.services.mozilla.com/…). */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret, base64url (PushSubscription.getKey). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language its notifications are written in: the back office's when it subscribed. */
    language: text('language').$type<Locale>().notNull().default('ro'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId), check('push_subscriptions_language', sql`${t.language} in ('en', 'ro')`)],
);

/**
 * Notifications to send, one per subscription, written in the same transaction as the event they tell of (a new order,
 * a payment alert, an invoice refused, a parcel refused), as the mail outbox's rows are; the job 'owner notifications'
 * (server/modules/push/sending.ts) leases, sends and deletes them. They name the order only: what the phone shows (its
 * number and total) is read when sent.
 */
export const pushNotifications = pgTable(
  'push_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OwnerPushKind>().notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Held by a process sending it until then (server/leases.ts). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_notifications_due_idx').on(t.nextAttemptAt),
    index('push_notifications_subscription_idx').on(t.subscriptionId),
    index('push_notifications_order_idx').on(t.orderId),
    check('push_notifications_kind', sql`${t.kind} in ('new_order', 'payment_alert', 'invoice_refused', 'parcel_refused')`),
  ],
);
