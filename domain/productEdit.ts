import { z } from 'zod';
import { about, isWhole, key, type Label, objectError, textField, typed, wholeBetween, yesOrNo } from './adminFields';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './catalog';
import { MAX_PARCEL_SIDE_CM } from './courier';
import { EMAIL_PATTERN } from './email';
import { FEED_TITLE_MAX } from './feeds';
import { amountValue } from './issueValues';
import { lacksRomanianWarnings, MODEL_MAX, PARTY_ADDRESS_MAX, PARTY_EMAIL_MAX, PARTY_NAME_MAX, SAFETY_INFO_MAX } from './productSafety';

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

/** A product weighs at most 50 kg packed (a courier's parcel's ceiling). */
const MAX_WEIGHT_GRAMS = 50_000;

/** A side of a product packed, in whole centimetres. */
const side = (label: Label) => wholeBetween(label, 1, MAX_PARCEL_SIDE_CM);

/** An amount in bani, from 0.01 RON to MAX_PRICE. */
const amount = (label: Label) =>
  typed(isWhole, 'admin.field.wholeBani', label)
    .refine((value) => value >= 1, about('admin.field.atLeastAmount', label, { amount: amountValue(1) }))
    .refine((value) => value <= MAX_PRICE, about('admin.field.atMostAmount', label, { amount: amountValue(MAX_PRICE) }));

/** Units in stock, or null: not counted. */
const stock = (label: Label) =>
  typed(isWhole, 'admin.field.wholeUnits', label)
    .refine((value) => value >= 0, about('admin.field.negative', label))
    .refine((value) => value <= MAX_STOCK, about('admin.field.atMost', label, { max: MAX_STOCK }))
    .nullable();

export const colourOptionInputSchema = z.strictObject(
  {
    name: textField('admin.product.field.colourName', 40),
    available: yesOrNo('admin.product.field.colourAvailability'),
    /** The colour's own units in stock; null or absent: not counted. */
    stock: stock('admin.product.field.colourStock').default(null),
  },
  { error: key('admin.product.problem.colour') },
);

/** A manufacturer or the EU responsible person (domain/productSafety.ts): name, postal address and email, all three; or null. */
const party = (labels: { name: Label; address: Label; email: Label }) =>
  z
    .strictObject(
      {
        name: textField(labels.name, PARTY_NAME_MAX),
        address: textField(labels.address, PARTY_ADDRESS_MAX),
        email: textField(labels.email, PARTY_EMAIL_MAX).refine((value) => EMAIL_PATTERN.test(value), about('admin.field.email', labels.email)),
      },
      { error: objectError },
    )
    .nullable();

const productFields = {
  name: textField('admin.product.form.name', 120),
  description: textField('admin.product.form.description', 2000),
  keyFeatures: z
    .array(textField('admin.product.field.keyFeature', 200), { error: key('admin.product.problem.keyFeaturesList') })
    .max(MAX_KEY_FEATURES, key('admin.product.problem.tooManyKeyFeatures')),
  price: amount('admin.product.field.price'),
  colourOptions: z
    .array(colourOptionInputSchema, { error: key('admin.product.problem.coloursList') })
    .max(MAX_COLOURS, key('admin.product.problem.tooManyColours'))
    .refine((colours) => new Set(colours.map((colour) => colour.name.toLowerCase())).size === colours.length, key('admin.product.problem.colourTwice')),
  /** Units in stock; null: not counted (never sold out). */
  stock: stock('admin.product.form.stock'),
  /** Its weight packed, in grams, for the couriers' parcels; null: PARCEL_WEIGHT_GRAMS. */
  weightGrams: typed(isWhole, 'admin.field.wholeNumber', 'admin.product.form.weight')
    .refine((value) => value >= 1, about('admin.field.atLeast', 'admin.product.form.weight', { min: 1 }))
    .refine((value) => value <= MAX_WEIGHT_GRAMS, about('admin.field.atMost', 'admin.product.form.weight', { max: MAX_WEIGHT_GRAMS }))
    .nullable(),
  /** Its size packed, in whole centimetres, for the couriers' parcels; null: PARCEL_SIZE_CM. */
  packedSizeCm: z
    .strictObject(
      {
        length: side('admin.product.form.packedLength'),
        width: side('admin.product.form.packedWidth'),
        height: side('admin.product.form.packedHeight'),
      },
      { error: objectError },
    )
    .nullable(),
  active: yesOrNo('admin.product.form.shown'),
  stripePriceId: textField('admin.product.form.stripePriceId', 206)
    .refine((value) => STRIPE_PRICE_ID_PATTERN.test(value), key('admin.product.problem.stripePriceId'))
    .nullable(),
  manufacturer: party({ name: 'admin.product.form.manufacturerName', address: 'admin.product.form.manufacturerAddress', email: 'admin.product.form.manufacturerEmail' }),
  responsiblePerson: party({ name: 'admin.product.form.responsibleName', address: 'admin.product.form.responsibleAddress', email: 'admin.product.form.responsibleEmail' }),
  /** Its type, batch or model number; null: not given. */
  model: textField('admin.product.form.model', MODEL_MAX).nullable(),
  /** Its warnings and safety information in English; null: none (the Romanian ones are its translations'). */
  safetyInfo: textField('admin.product.form.safetyInfo', SAFETY_INFO_MAX).nullable(),
  /** Left out of the catalogue feeds (domain/feeds.ts), still sold on the shop. */
  excludeFromFeeds: yesOrNo('admin.product.form.excludeFromFeeds'),
  /** A neutral title for the feeds instead of its name; null: its name. */
  feedTitle: textField('admin.product.form.feedTitle', FEED_TITLE_MAX).nullable(),
};

/**
 * The product's texts in Romanian (domain/productTexts), each one optional: one left out shows the
 * English. The colours' names are keyed by each colour's own name.
 */
const translationsSchema = z.strictObject(
  {
    ro: z
      .strictObject(
        {
          name: textField('admin.product.form.nameRo', 120).optional(),
          description: textField('admin.product.form.descriptionRo', 2000).optional(),
          keyFeatures: productFields.keyFeatures.optional(),
          colours: z
            .record(z.string().max(40), textField('admin.product.field.colourNameRo', 40), { error: key('admin.product.problem.coloursList') })
            .refine((colours) => Object.keys(colours).length <= MAX_COLOURS, key('admin.product.problem.tooManyColours'))
            .optional(),
          safetyInfo: textField('admin.product.form.safetyInfoRo', SAFETY_INFO_MAX).optional(),
        },
        { error: objectError },
      )
      .optional(),
  },
  { error: objectError },
);

/** The address of an existing product (a new one gets its address from its name): what the owner may type. */
export const slugSchema = textField('admin.product.form.address', SLUG_MAX_LENGTH).refine((value) => SLUG_PATTERN.test(value), key('admin.product.problem.slug'));

/** POST /api/admin/products, and the back office's form (new or edited product). */
export const productCreateSchema = z
  .strictObject(
    {
      ...productFields,
      keyFeatures: productFields.keyFeatures.default([]),
      colourOptions: productFields.colourOptions.default([]),
      stock: productFields.stock.default(null),
      weightGrams: productFields.weightGrams.default(null),
      packedSizeCm: productFields.packedSizeCm.default(null),
      active: productFields.active.default(true),
      stripePriceId: productFields.stripePriceId.default(null),
      manufacturer: productFields.manufacturer.default(null),
      responsiblePerson: productFields.responsiblePerson.default(null),
      model: productFields.model.default(null),
      safetyInfo: productFields.safetyInfo.default(null),
      excludeFromFeeds: productFields.excludeFromFeeds.default(false),
      feedTitle: productFields.feedTitle.default(null),
      translations: translationsSchema.default({}),
    },
    { error: objectError },
  )
  .refine((product) => !lacksRomanianWarnings(product.safetyInfo, product.translations.ro?.safetyInfo), {
    error: key('admin.product.problem.safetyInRomanian'),
    path: ['translations', 'ro', 'safetyInfo'],
  });
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
      weightGrams: productFields.weightGrams.optional(),
      packedSizeCm: productFields.packedSizeCm.optional(),
      active: productFields.active.optional(),
      stripePriceId: productFields.stripePriceId.optional(),
      manufacturer: productFields.manufacturer.optional(),
      responsiblePerson: productFields.responsiblePerson.optional(),
      model: productFields.model.optional(),
      /** With the Romanian ones in translations, or already there (the service checks the product as it would be). */
      safetyInfo: productFields.safetyInfo.optional(),
      excludeFromFeeds: productFields.excludeFromFeeds.optional(),
      feedTitle: productFields.feedTitle.optional(),
      /** All its translations at once: what is left out is no longer translated. */
      translations: translationsSchema.optional(),
      /** The product's page moves to /shop/{slug}; its old address keeps answering with a redirect. */
      slug: slugSchema.optional(),
      /**
       * The stock the owner's form showed (the product's, and each colour's by name): a stock sent as it was
       * seen is one the owner did not change, and stays what it is now (keepLiveStock).
       */
      stockSeen: z
        .strictObject({
          stock: stock('admin.product.form.stock'),
          colours: z.record(z.string().max(40), stock('admin.product.field.colourStock')),
        })
        .optional(),
    },
    { error: objectError },
  )
  .refine(({ stockSeen: _seen, ...change }) => Object.keys(change).length > 0, key('admin.product.problem.nothingToChange'));
export type ProductChange = z.infer<typeof productChangeSchema>;
export type StockSeen = NonNullable<ProductChange['stockSeen']>;

type ColourStock = { name: string; stock?: number | null };

/**
 * A change as it is saved: customers keep buying while the owner edits a product, so a stock the form sends
 * as it showed it (the owner changed something else) is replaced by the stock there is now. A stock the owner
 * typed is set as typed (they counted). A colour the form did not show (new, or renamed) is set as sent.
 */
export function keepLiveStock<T extends { stock?: number | null; colourOptions?: ColourStock[] }>(
  change: T,
  seen: StockSeen | undefined,
  now: { stock: number | null; colourOptions: readonly ColourStock[] },
): T {
  if (!seen) return change;
  const kept = { ...change };
  if (change.stock !== undefined && change.stock === seen.stock) kept.stock = now.stock;
  if (change.colourOptions) {
    kept.colourOptions = change.colourOptions.map((colour) => {
      const live = now.colourOptions.find((option) => option.name === colour.name);
      const unchanged = live && Object.hasOwn(seen.colours, colour.name) && seen.colours[colour.name] === (colour.stock ?? null);
      return unchanged ? { ...colour, stock: live.stock ?? null } : colour;
    });
  }
  return kept;
}

/** PUT /api/admin/products/:id/images: the product's images in their new order (the first is the main one). */
export const imageOrderSchema = z.strictObject(
  {
    images: z
      .array(z.string({ error: key('admin.product.problem.imagesList') }).max(300, key('admin.product.problem.imageAddressTooLong')), {
        error: key('admin.product.problem.imagesList'),
      })
      .max(MAX_IMAGES, key('admin.product.problem.tooManyImages')),
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
