import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Locale } from '../../domain/locale';
import type { TestimonialSource } from '../../domain/testimonials';

/**
 * The landing page's testimonials, as the owner writes them from what customers sent (issue 48, domain/testimonials.ts):
 * the words, the name shown (first name and last initial), where they came from (an order of this shop, by its number,
 * or a message on Instagram), published or not, and their place in the list.
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    text: text('text').notNull(),
    /** "Andrei M." */
    name: text('name').notNull(),
    source: text('source').$type<TestimonialSource>().notNull(),
    /** The order it came from (orders.number, checked to exist when written); null for a message on Instagram. */
    orderNumber: integer('order_number'),
    /** The language it is written in. */
    language: text('language').$type<Locale>().notNull().default('ro'),
    published: boolean('published').notNull().default(false),
    /** Its place on the landing, from 0. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('testimonials_source', sql`(${t.source} = 'order' and ${t.orderNumber} is not null) or (${t.source} = 'instagram' and ${t.orderNumber} is null)`),
    check('testimonials_language', sql`${t.language} in ('en', 'ro')`),
  ],
);
