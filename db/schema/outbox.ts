import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * Mails to send, written in the same transaction as the event they tell of (an order, a status
 * change, a reset request): a mail exists exactly when its event does. The delivery loop
 * (server/modules/mail) leases due rows, sends them and marks them; a lease that runs out (the
 * process died mid-send) makes the row due again, sent under the same Message-ID.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which mail: its template (server/modules/mail/templates). */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** The order it is about, rendered from the order's state when sent. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** What the template needs beyond the order (a reset link, a cancellation reason). */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    /** The language of a mail not about an order (a password reset: the request's); order mails are in their order's language (orders.locale), the owners' alerts in OWNER_MAIL_LANGUAGE. */
    language: text('language').notNull().default('en'),
    /** pending → sent, or failed after retrying for a day. */
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Held by a process sending it until then. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    /** The SMTP server's answer or the error code: never the mail's content. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('outbox_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('outbox_order_idx').on(t.orderId),
    // The back office's list and count of mails given up: a handful among every mail ever sent.
    index('outbox_failed_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.status} = 'failed'`),
  ],
);
