import { desc, sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../domain/locale';
import { HIDE_REASONS, type HideReason } from '../../domain/reviews';
import { user } from './accounts';
import { products } from './catalog';
import { orderLines, orders } from './orders';

const reasonList = sql.raw(HIDE_REASONS.map((reason) => `'${reason}'`).join(', '));

/**
 * The one mail asking for a review of each delivered order (issue 49, REVIEW_REQUEST_DAYS): a row per order, inserted
 * in the transaction that writes the mail, so two processes never ask twice (the second insert finds the order's row).
 */
export const reviewRequests = pgTable('review_requests', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reviews from verified buyers (issue 49, domain/reviews.ts): one per order line, written by the order's customer
 * through the review link, published as written. The name and county are those shown, stored when written; the name
 * is emptied when the order's details are erased (orders/anonymise.ts), the review staying as a verified buyer's.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line reviewed: one review each (a second is refused, 409). */
    orderLineId: integer('order_line_id')
      .notNull()
      .unique()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's name as the buyer read it on the order. */
    productName: text('product_name').notNull(),
    rating: integer('rating').notNull(),
    /** The buyer's words; null for stars alone. */
    text: text('text'),
    /** The language of the page it was written on. */
    language: text('language').$type<Locale>().notNull(),
    /** "Maria P." (domain/reviews shownName); null: no name (the order's details erased). */
    name: text('name'),
    /** The county's code (domain/counties), shown by its name; null when the order had none. */
    county: text('county'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner hid it and why (HIDE_REASONS); null while published. Each hiding is in review_hidings too. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason').$type<HideReason>(),
  },
  (t) => [
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    check('reviews_language', sql`${t.language} in ('en', 'ro')`),
    check('reviews_hidden', sql`(${t.hiddenAt} is null and ${t.hiddenReason} is null) or (${t.hiddenAt} is not null and ${t.hiddenReason} in (${reasonList}))`),
    index('reviews_product_idx').on(t.productId, desc(t.createdAt)),
    index('reviews_order_idx').on(t.orderId),
  ],
);

/** The log of the owner's hidings (and showings again): which review, why, which owner, when. Never deleted with the review's hiding undone. */
export const reviewHidings = pgTable(
  'review_hidings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reviewId: bigint('review_id', { mode: 'number' })
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    action: text('action').$type<'hidden' | 'shown'>().notNull(),
    reason: text('reason').$type<HideReason>(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('review_hidings_action', sql`(${t.action} = 'hidden' and ${t.reason} in (${reasonList})) or (${t.action} = 'shown' and ${t.reason} is null)`),
    index('review_hidings_at_idx').on(desc(t.at)),
  ],
);
