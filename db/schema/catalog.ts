import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredColourOption } from '../../domain/catalog';
import type { ParcelDimensions } from '../../domain/courier';
import type { ProductParty } from '../../domain/productSafety';
import type { ProductTranslations } from '../../domain/productTexts';
import { bytea } from './columns';

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The product page's address, /shop/{slug} (domain/catalog SLUG_PATTERN); an old one is kept in product_slugs. */
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    /** Integer bani. */
    price: integer('price').notNull(),
    /**
     * No longer read or written: the owner's typed "old price" of before. The struck-through price is now
     * computed from price_history (domain/pricing referencePrice). Kept so processes of the previous
     * release keep working during a deploy; a later migration may drop it.
     */
    oldPrice: integer('old_price'),
    mainImage: text('main_image'),
    images: text('images').array().notNull().default([]),
    stripePriceId: text('stripe_price_id'),
    keyFeatures: text('key_features').array().notNull().default([]),
    /** Each colour's Available switch and its own stock (absent or null: not counted); an order takes from it like from `stock`. */
    colourOptions: jsonb('colour_options').$type<StoredColourOption[]>().notNull().default([]),
    /** Units left; null: not counted (never sold out). An order takes from it in its own transaction. */
    stock: integer('stock'),
    /** The name, description, key features and colour names in the other languages (the columns above are English). */
    translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
    /** Hidden products are not shown or sold, but stay in past orders. */
    active: boolean('active').notNull().default(true),
    /** Its weight in grams, packed, for the couriers' parcels; null: PARCEL_WEIGHT_GRAMS. */
    weightGrams: integer('weight_grams'),
    /** Its size packed, in whole centimetres, for the couriers' parcels; null: PARCEL_SIZE_CM. */
    packedSizeCm: jsonb('packed_size_cm').$type<ParcelDimensions>(),
    /** Its manufacturer's name, postal and email address, shown on its page (GPSR, EU 2023/988 art. 19); null: not given. */
    manufacturer: jsonb('manufacturer').$type<ProductParty>(),
    /** The person responsible for it in the EU (when the manufacturer is outside it), as the manufacturer; null: not given. */
    responsiblePerson: jsonb('responsible_person').$type<ProductParty>(),
    /** Its type, batch or model number, as printed on it; null: not given. */
    model: text('model'),
    /** Its warnings and safety information in English; the Romanian is in translations (ro.safetyInfo). */
    safetyInfo: text('safety_info'),
    /** Left out of the catalogue feeds (/feeds/*: server/modules/feeds/routes.ts) while still sold on the shop. */
    excludeFromFeeds: boolean('exclude_from_feeds').notNull().default(false),
    /** A neutral title the feeds show instead of its name (some channels refuse some names); null: its name. */
    feedTitle: text('feed_title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('products_price_non_negative', sql`${t.price} >= 0`), check('products_old_price_non_negative', sql`${t.oldPrice} >= 0`), check('products_stock_non_negative', sql`${t.stock} >= 0`)],
);

/** Every price a product has had, from when (the EU 30-day lowest-price rule reads it). */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    /** No longer written (see products.old_price); rows from before keep the old price typed then. */
    oldPrice: integer('old_price'),
    /** When this price started (it lasted until the next row's). */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owner who changed it; null for the seed. */
    changedBy: text('changed_by'),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.changedAt)],
);

/**
 * The owner's uploaded product images, each WebP size under its own name (`<hash of the upload>-<width>.webp`, the
 * last part of its /uploads/products/ address): in the database, so every process serves every image; UPLOADS_DIR
 * only caches them (decision 0031). Never changed once written: the name is the content's.
 */
export const productImages = pgTable('product_images', {
  name: text('name').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Slugs a product had before: /shop/{old} answers 301 to its page. */
export const productSlugs = pgTable('product_slugs', {
  slug: text('slug').primaryKey(),
  productId: text('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
});

/** One row per data seed that has run, so each runs once, on first start only. */
export const seeds = pgTable('seeds', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
