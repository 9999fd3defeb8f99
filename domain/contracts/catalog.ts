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

/** A manufacturer or the person responsible in the EU: name, postal address and email (domain/productSafety.ts). */
export const productPartySchema = z.object({ name: z.string(), address: z.string(), email: z.string() });

/** Its safety information, each part only when the owner gave it (domain/productSafety.ts). */
export const productSafetySchema = z.object({
  manufacturer: z.optional(productPartySchema),
  /** The person responsible for it in the EU, when the manufacturer is outside it. */
  responsiblePerson: z.optional(productPartySchema),
  /** Its type, batch or model number. */
  model: z.optional(z.string()),
  /** Its warnings and safety information in the page's language, or else in another (`warningsLang`). */
  warnings: z.optional(z.string()),
  /** The language of `warnings` when it is not the page's (the English shop showing the Romanian ones). */
  warningsLang: z.optional(z.enum(['en', 'ro'])),
});
export type ProductSafety = z.infer<typeof productSafetySchema>;

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
  /** What the law asks an offer to say of its safety (GPSR); absent when the owner gave none of it. */
  safety: z.optional(productSafetySchema),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/products */
export const productListSchema = z.object({ products: z.array(productSchema) });
export type ProductList = z.infer<typeof productListSchema>;
