import * as z from 'zod/mini';
import { productPartySchema } from './catalog';

const bani = z.int().check(z.nonnegative());

/** A colour as the owner sets it: its Available switch and its own stock (null: not counted). */
export const adminColourSchema = z.object({
  name: z.string(),
  available: z.boolean(),
  stock: z.nullable(z.int()),
});
export type AdminColour = z.infer<typeof adminColourSchema>;

/** A product's texts in another language (domain/productTexts): each absent or empty one shows the English. */
export const productTextsSchema = z.object({
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  keyFeatures: z.optional(z.array(z.string())),
  /** Each colour's name there, by the colour's own name. */
  colours: z.optional(z.record(z.string(), z.string())),
  /** Its warnings and safety information there. */
  safetyInfo: z.optional(z.string()),
});

/** A product as the back office sees it: hidden ones too, and its stock. */
export const adminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its page is /shop/{slug}. */
  slug: z.string(),
  description: z.string(),
  price: bani,
  /** Units left; null: not counted. */
  stock: z.nullable(z.int()),
  /** Its weight packed, in grams; null: the shop's default (PARCEL_WEIGHT_GRAMS). */
  weightGrams: z.nullable(z.int()),
  /** Its size packed, in centimetres; null: the shop's default (PARCEL_SIZE_CM). */
  packedSizeCm: z.nullable(z.object({ length: z.int(), width: z.int(), height: z.int() })),
  active: z.boolean(),
  /** The first is the main image. */
  images: z.array(z.string()),
  stripePriceId: z.nullable(z.string()),
  keyFeatures: z.array(z.string()),
  colourOptions: z.array(adminColourSchema),
  /** Its safety information (domain/productSafety.ts), each null when not given; the warnings in English. */
  manufacturer: z.nullable(productPartySchema),
  responsiblePerson: z.nullable(productPartySchema),
  model: z.nullable(z.string()),
  safetyInfo: z.nullable(z.string()),
  /** Left out of the catalogue feeds; feedTitle: the neutral title they show instead of its name (null: its name). */
  excludeFromFeeds: z.boolean(),
  feedTitle: z.nullable(z.string()),
  /** Its name, description, key features, colour names and safety information in Romanian (the fields above are English). */
  translations: z.object({ ro: z.optional(productTextsSchema) }),
  createdAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** GET /api/admin/products */
export const adminProductListSchema = z.object({ products: z.array(adminProductSchema) });

/** One price a product had, from when, set by which owner (null: the seed). */
export const priceChangeSchema = z.object({
  price: bani,
  changedAt: z.string(),
  changedBy: z.nullable(z.string()),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

/**
 * GET /api/admin/products/:id and the answer to every change: the product, its price history, newest
 * first, and the struck-through price the shop shows beside its price (domain/pricing referencePrice:
 * the lowest of the 30 days before the price started; null: none, no badge).
 */
export const adminProductDetailSchema = z.object({
  product: adminProductSchema,
  priceHistory: z.array(priceChangeSchema),
  referencePrice: z.nullable(bani),
});
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;
