import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ColourOption } from '../../domain/catalog';

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** Integer bani. */
  price: integer('price').notNull(),
  /** Integer bani; null means "derive it" (DESIGN.md decision 3). */
  oldPrice: integer('old_price'),
  mainImage: text('main_image'),
  images: text('images').array().notNull().default([]),
  stripePriceId: text('stripe_price_id'),
  keyFeatures: text('key_features').array().notNull().default([]),
  colourOptions: jsonb('colour_options').$type<ColourOption[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  check('products_price_non_negative', sql`${t.price} >= 0`),
  check('products_old_price_non_negative', sql`${t.oldPrice} >= 0`),
]);

/** One row per data seed that has run, so each runs once, on first start only. */
export const seeds = pgTable('seeds', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
