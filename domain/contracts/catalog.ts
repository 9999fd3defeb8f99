import * as z from 'zod/mini';

const bani = z.int().check(z.nonnegative());

/** A colour as the storefront shows it: not available means Sold Out (switched off, or none left). */
export const colourOptionSchema = z.object({
  /** The colour's own name: what the cart, the order and the stock go by. */
  name: z.string(),
  /** Its name in the page's language (domain/productTexts), as the storefront shows it. */
  label: z.string(),
  available: z.boolean(),
  /** How many of this colour are left when only a few are; absent or null otherwise. */
  stockLeft: z.optional(z.nullable(z.int())),
});
export type ColourOption = z.infer<typeof colourOptionSchema>;

/** A product as the API serves it and the storefront shows it. Prices are in bani. */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its page is /shop/{slug}. */
  slug: z.string(),
  description: z.string(),
  price: bani,
  /**
   * The reference price shown struck through beside a "−N%" badge: the lowest price of the 30 days
   * before the current price started (domain/pricing referencePrice), computed from the price history
   * by the server. Null when there is no real reduction: no struck-through price, no badge.
   */
  oldPrice: z.nullable(bani),
  image: z.string(),
  images: z.array(z.string()),
  stripePriceId: z.nullable(z.string()),
  keyFeatures: z.array(z.string()),
  colourOptions: z.array(colourOptionSchema),
  /** None left: shown as Sold Out, and adding it to the cart is disabled. */
  soldOut: z.boolean(),
  /** How many are left when only a few are (domain/catalog's LOW_STOCK), otherwise null. */
  stockLeft: z.nullable(z.int()),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/products */
export const productListSchema = z.object({ products: z.array(productSchema) });
export type ProductList = z.infer<typeof productListSchema>;
