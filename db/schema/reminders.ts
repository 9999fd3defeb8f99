import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ReminderLine } from '../../domain/reminders';
import { products } from './catalog';

/**
 * A visitor's consent to one cart reminder (decision 0045): written only when they tick the box at the checkout's email
 * step, and deleted when they untick it, once an order follows, or 7 days after the consent. One per address.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The cart's lines as the visitor had them (no prices: the reminder's link reads today's). */
    lines: jsonb('lines').$type<ReminderLine[]>().notNull(),
    /** The language of the checkout, for the mail. */
    locale: text('locale').notNull().default('en'),
    /** When the box was ticked: the record of the consent; an order placed since cancels the reminder. */
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last change of the address or the lines: the reminder is due CART_REMINDER_HOURS after it. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its one mail was written to the outbox (claimed by one process only); null while due. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('cart_reminders_email_idx').on(sql`lower(${t.email})`), index('cart_reminders_due_idx').on(t.changedAt).where(sql`${t.sentAt} is null`)],
);

/**
 * A "Notify me" for a sold-out colour of a product (or a product without colours: `colour` null), confirmed from its
 * mail (double opt-in). Once the colour is back in stock its one mail is written and `notified_at` set: the
 * subscription has ended (the row is deleted 7 days on, as an unconfirmed one is).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colour: text('colour'),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    // One open subscription per address and colour; a new one may follow once it has ended.
    uniqueIndex('stock_alerts_open_idx').on(t.productId, sql`coalesce(${t.colour}, '')`, sql`lower(${t.email})`).where(sql`${t.notifiedAt} is null`),
    index('stock_alerts_waiting_idx').on(t.productId).where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null`),
  ],
);
