import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DiscountKind } from '../../domain/discounts';

/**
 * Discount codes the owner makes (issue 34, domain/discounts.ts): a percentage or a sum in bani, an optional minimum
 * subtotal, days (Bucharest's, inclusive), a total limit, once per contact, running or paused. `uses` is counted in the
 * transaction of the order that uses it, on this row locked.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** In capitals, as compared (domain/discounts normalizedCode). */
    code: text('code').notNull().unique(),
    kind: text('kind').$type<DiscountKind>().notNull(),
    /** Whole percent (1–100), or bani. */
    value: integer('value').notNull(),
    minSubtotal: integer('min_subtotal'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    usageLimit: integer('usage_limit'),
    uses: integer('uses').notNull().default(0),
    oncePerContact: boolean('once_per_contact').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** The channel its orders count in (issue 49: an influencer's code), or null: theirs by their visit's touch. */
    channel: text('channel'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('discount_codes_kind', sql`${t.kind} in ('percent', 'amount')`),
    check('discount_codes_value', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    // A limit lowered below the uses so far leaves the code used up.
    check('discount_codes_uses', sql`${t.uses} >= 0`),
  ],
);
