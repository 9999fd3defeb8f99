import { z } from 'zod';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './catalog';
import { toDecimalString } from './money';
import { controlCharactersMessage, hasControlCharacters } from './text';

/**
 * What the owner may set on a product, checked by the back office's form and by the API with the
 * same schemas. Prices are integer bani; the form converts what is typed in RON (domain/money).
 */

/** 10,000.00 RON: far above anything the shop sells, and an order of many such lines still fits its integer totals. */
export const MAX_PRICE = 1_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_KEY_FEATURES = 12;
export const MAX_COLOURS = 12;
export const MAX_IMAGES = 12;
export const STRIPE_PRICE_ID_PATTERN = /^price_[A-Za-z0-9_]{1,200}$/;

/** Images the owner uploads: checked by their content, then turned into WebP sizes. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A product's address (its page is /shop/{slug}): what the owner may type. */
export const SLUG_REFUSED = 'Use lowercase letters, digits and hyphens for the address.';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .refine((value) => !hasControlCharacters(value), controlCharactersMessage(label))
    .refine((value) => value.length > 0, `${label} is required.`)
    .refine((value) => value.length <= max, `${label} is too long (at most ${max} characters).`);

const amount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of bani.` })
    .int(`${label} must be a whole number of bani.`)
    .min(1, `${label} must be at least 0.01 RON.`)
    .max(MAX_PRICE, `${label} must be at most ${toDecimalString(MAX_PRICE)} RON.`);

const stock = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of units, or not counted.` })
    .int(`${label} must be a whole number of units, or not counted.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_STOCK, `${label} must be at most ${MAX_STOCK}.`)
    .nullable();

export const colourOptionInputSchema = z.strictObject(
  {
    name: text('Colour name', 40),
    available: z.boolean({ error: 'Colour availability must be true or false.' }),
    /** The colour's own units in stock; null or absent: not counted. */
    stock: stock('Colour stock').default(null),
  },
  { error: 'Each colour needs a name and whether it is available.' },
);

const productFields = {
  name: text('Name', 120),
  description: text('Description', 2000),
  keyFeatures: z
    .array(text('Key feature', 200), { error: 'Key features must be a list of texts.' })
    .max(MAX_KEY_FEATURES, `A product can have at most ${MAX_KEY_FEATURES} key features.`),
  price: amount('Price'),
  colourOptions: z
    .array(colourOptionInputSchema, { error: 'Colours must be a list.' })
    .max(MAX_COLOURS, `A product can have at most ${MAX_COLOURS} colours.`)
    .refine((colours) => new Set(colours.map((colour) => colour.name.toLowerCase())).size === colours.length, 'Each colour may appear only once.'),
  /** Units in stock; null: not counted (never sold out). */
  stock: stock('Stock'),
  active: z.boolean({ error: 'Shown in the shop must be true or false.' }),
  stripePriceId: text('Stripe price id', 206).regex(STRIPE_PRICE_ID_PATTERN, 'Stripe price id must look like price_123abc.').nullable(),
};

/** The address of an existing product (a new one gets its address from its name). */
export const slugSchema = text('Address', SLUG_MAX_LENGTH).regex(SLUG_PATTERN, SLUG_REFUSED);

/** The body is an object of known fields only: a misspelt field is refused rather than silently ignored. */
const objectError = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `Unknown field: ${(issue.keys ?? []).join(', ')}.` : 'The request body must be a JSON object.';

/** POST /api/admin/products, and the back office's form (new or edited product). */
export const productCreateSchema = z.strictObject(
  {
    ...productFields,
    keyFeatures: productFields.keyFeatures.default([]),
    colourOptions: productFields.colourOptions.default([]),
    stock: productFields.stock.default(null),
    active: productFields.active.default(true),
    stripePriceId: productFields.stripePriceId.default(null),
  },
  { error: objectError },
);
export type ProductCreate = z.infer<typeof productCreateSchema>;

/**
 * PATCH /api/admin/products/:id: any of the fields. There is no old price to set: the struck-through
 * price is the lowest of the 30 days before the price started, from the price history (domain/pricing).
 */
export const productChangeSchema = z
  .strictObject(
    {
      name: productFields.name.optional(),
      description: productFields.description.optional(),
      keyFeatures: productFields.keyFeatures.optional(),
      price: productFields.price.optional(),
      colourOptions: productFields.colourOptions.optional(),
      stock: productFields.stock.optional(),
      active: productFields.active.optional(),
      stripePriceId: productFields.stripePriceId.optional(),
      /** The product's page moves to /shop/{slug}; its old address keeps answering with a redirect. */
      slug: slugSchema.optional(),
    },
    { error: objectError },
  )
  .refine((change) => Object.keys(change).length > 0, 'Nothing to change: send at least one field.');
export type ProductChange = z.infer<typeof productChangeSchema>;

/** PUT /api/admin/products/:id/images: the product's images in their new order (the first is the main one). */
export const imageOrderSchema = z.strictObject(
  {
    images: z
      .array(z.string({ error: 'Images must be a list of image addresses.' }).max(300, 'An image address is too long.'), {
        error: 'Images must be a list of image addresses.',
      })
      .max(MAX_IMAGES, `A product can have at most ${MAX_IMAGES} images.`),
  },
  { error: objectError },
);

/** Key features as the form's text area holds them: one per line, blank lines dropped. */
export function keyFeaturesFromLines(lines: string): string[] {
  return lines
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Bani from an amount typed in RON: "39.99", "39,99", "39.9" or "39" (at most two decimals, no
 * sign, no thousands separators); null when it is not such an amount. No floating point is involved.
 * (Here, not in money.ts: only the back office reads typed amounts, and money.ts is in the storefront's first load.)
 */
export function parseRon(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
