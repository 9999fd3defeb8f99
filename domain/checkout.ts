import { z } from 'zod';
import type { ShopMessageId } from '../locales/messages';
import { MAX_QUANTITY_PER_LINE } from './cart';
import { BUCHAREST_SECTORS, bucharestSector, COUNTY_CODES, type CountyCode, countyName, POSTAL_CODE_PATTERN, postalCodeFitsCounty } from './counties';
import { normalizedCode } from './discounts';
import { emailSchema } from './email';
import { LOCALES } from './locale';
import { PAYMENT_METHODS } from './orders';
import { phoneInE164 } from './phone';
import { plainText } from './text';

export const MAX_ORDER_LINES = 50;

/**
 * A message the visitor may see, as its catalogue key (locales/shop): the form shows it translated and
 * the API answers it in the visitor's language (server/errors.ts). Its values are the issue's own
 * (`{maximum}` of a too_big, a custom issue's `params`: domain/issueValues.ts).
 */
const key = (id: ShopMessageId) => id;

/**
 * The eight shipping fields of spec 2, the county and the optional block, staircase, floor and apartment (issue 46),
 * by the catalogue key of the label the form shows.
 */
export const SHIPPING_FIELDS = {
  firstName: 'checkout.field.firstName',
  lastName: 'checkout.field.lastName',
  country: 'checkout.field.country',
  county: 'checkout.field.county',
  city: 'checkout.field.city',
  street: 'checkout.field.street',
  streetNumber: 'checkout.field.streetNumber',
  addressLine2: 'checkout.field.addressLine2',
  postalCode: 'checkout.field.postalCode',
  phoneNumber: 'checkout.field.phoneNumber',
} as const satisfies Record<string, ShopMessageId>;

export type ShippingField = keyof typeof SHIPPING_FIELDS;

/** The shipping fields a visitor may leave blank. */
export const OPTIONAL_SHIPPING_FIELDS: readonly ShippingField[] = ['addressLine2'];

/** A shipping text field: required, at most `max` characters, each message its field's own key. */
const field = (name: Exclude<ShippingField, 'county' | 'addressLine2'>, max: number) =>
  plainText(name, key(`checkout.error.${name}.required`), key(`checkout.error.${name}.controlCharacters`))
    .min(1, key(`checkout.error.${name}.required`))
    .max(max, key(`checkout.error.${name}.tooLong`));

const shippingFields = z.object({
  firstName: field('firstName', 100),
  lastName: field('lastName', 100),
  country: field('country', 100),
  /** Its code (CJ, B…); orders placed before counties were asked have none. */
  county: z.enum(COUNTY_CODES, { error: key('checkout.error.county.required') }),
  city: field('city', 100),
  street: field('street', 200),
  streetNumber: field('streetNumber', 30),
  /** Block, staircase, floor, apartment: optional (issue 46); blank is none. */
  addressLine2: plainText('addressLine2', key('checkout.error.addressLine2.tooLong'), key('checkout.error.addressLine2.controlCharacters'))
    .max(100, key('checkout.error.addressLine2.tooLong'))
    .nullish()
    .transform((line) => line?.trim() || null),
  postalCode: field('postalCode', 20).regex(POSTAL_CODE_PATTERN, key('checkout.error.postalCode.sixDigits')),
  /** Stored in E.164 (+40722123456), however it was typed. */
  phoneNumber: field('phoneNumber', 30).transform((typed, context) => {
    const phone = phoneInE164(typed);
    if (phone) return phone;
    context.addIssue({ code: 'custom', message: key('checkout.error.phoneNumber.invalid') });
    return z.NEVER;
  }),
  /** The customer checked a postal code that does not fit the county and keeps it as typed. */
  postalCodeConfirmed: z.boolean({ error: 'postalCodeConfirmed must be true or false.' }).optional(),
  /** Bucharest's sector, asked when the address does not name it (e-Factura and the couriers need it). */
  sector: z.enum(BUCHAREST_SECTORS, { error: key('checkout.error.sector.required') }).optional(),
});

/**
 * A postal code that does not fit the county is asked about, never refused: the customer may
 * confirm it (the table of prefixes could be wrong, a real order must go through).
 */
function postalCodeChecked(shipping: { county: string; postalCode: string; postalCodeConfirmed?: boolean }, context: z.RefinementCtx) {
  if (shipping.postalCodeConfirmed || postalCodeFitsCounty(shipping.postalCode, shipping.county)) return;
  context.addIssue({
    code: 'custom',
    path: ['postalCode'],
    message: key('checkout.error.postalCode.mismatch'),
    params: { postalCode: shipping.postalCode, county: countyName(shipping.county) },
  });
}

/** A Bucharest address whose city, street and number name no sector needs the sector chosen. */
export function sectorToAsk(shipping: { county: string; city: string; street: string; streetNumber: string }): boolean {
  return shipping.county === 'B' && bucharestSector(shipping.city, shipping.street, shipping.streetNumber) === null;
}

function sectorChecked(shipping: { county: string; city: string; street: string; streetNumber: string; sector?: string }, context: z.RefinementCtx) {
  if (!shipping.sector && sectorToAsk(shipping)) context.addIssue({ code: 'custom', path: ['sector'], message: key('checkout.error.sector.required') });
}

/** The city as the order keeps it: with the sector chosen when the address did not name it ("București, Sector 2"). */
export function cityWithSector(shipping: { county: string | null; city: string; street: string; streetNumber: string; sector?: string }): string {
  return shipping.sector && shipping.county === 'B' && sectorToAsk({ ...shipping, county: 'B' }) ? `${shipping.city}, Sector ${shipping.sector}` : shipping.city;
}

export const shippingSchema = shippingFields.superRefine(postalCodeChecked).superRefine(sectorChecked);

export type ShippingDetails = z.infer<typeof shippingSchema>;

/** Spec 5: the shipping step's Continue is enabled only when all eight fields (and the county) are non-blank after trimming. */
export function shippingComplete(values: Partial<Record<ShippingField, string>>): boolean {
  return (Object.keys(SHIPPING_FIELDS) as ShippingField[]).every((key) => OPTIONAL_SHIPPING_FIELDS.includes(key) || (values[key] ?? '').trim() !== '');
}

export const orderLineSchema = z.object(
  {
    productId: plainText('Product id', key('checkout.error.line.productRequired'), key('checkout.error.productId.controlCharacters'))
      .min(1, key('checkout.error.line.productRequired'))
      .max(64, key('checkout.error.productId.tooLong')),
    quantity: z
      .number({ error: key('checkout.error.quantity.wholeNumber') })
      .int(key('checkout.error.quantity.wholeNumber'))
      .min(1, key('checkout.error.quantity.tooSmall'))
      .max(MAX_QUANTITY_PER_LINE, key('checkout.error.quantity.tooLarge')),
    /** The colour chosen, for a product with colours (the server requires one then); absent or null otherwise. */
    colour: plainText('Colour', key('checkout.error.colour.notText'), key('checkout.error.colour.controlCharacters'))
      .min(1, key('checkout.error.colour.blank'))
      .max(40, key('checkout.error.colour.tooLong'))
      .nullish()
      .transform((colour) => colour ?? null),
  },
  { error: key('checkout.error.line.required') },
);

/** One line per product and colour: the same pair twice is refused (two colours are two lines). */
function lineKey(line: { productId: string; colour: string | null }): string {
  return JSON.stringify([line.productId, line.colour?.toLowerCase() ?? null]);
}

const orderLinesSchema = z
  .array(orderLineSchema, { error: key('checkout.error.lines.required') })
  .min(1, key('checkout.error.lines.empty'))
  .max(MAX_ORDER_LINES, key('checkout.error.lines.tooMany'))
  .refine((lines) => new Set(lines.map(lineKey)).size === lines.length, key('checkout.error.lines.duplicate'));

/** A discount code as the customer typed it, as it is compared (domain/discounts normalizedCode: "vara 10" is VARA10). */
const discountCodeSchema = plainText('discountCode', key('checkout.discount.required'), key('checkout.discount.required'))
  .min(1, key('checkout.discount.required'))
  .max(40, key('checkout.discount.required'))
  .transform(normalizedCode);

/**
 * POST /api/discounts/check: whether a code applies to a cart, and what it takes off (the cart and payment steps ask
 * before the order is sent, which checks it again). The contact, once known, answers "already used by you".
 */
export const discountCheckSchema = z.object({
  code: discountCodeSchema,
  lines: orderLinesSchema,
});
export type DiscountCheck = z.infer<typeof discountCheckSchema>;

/** Where a visit came from (domain/attribution.ts), as a browser sends it: cleaned again by the server, never trusted as it is. */
const tag = z.string().max(200);
export const touchSchema = z.object({ source: tag.min(1), medium: tag.nullable(), campaign: tag.nullable(), ref: tag.nullable() });

/**
 * What a visitor's browser sends to place an order: who, where, which products and how many.
 * Never prices or totals: the server looks those up (DESIGN.md decision 7).
 */
export const orderRequestSchema = shippingFields
  .extend({
    email: emailSchema,
    lines: orderLinesSchema,
    /** A discount code (issue 34): checked again, and its use counted, in the order's transaction. */
    discountCode: discountCodeSchema.optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: key('checkout.error.paymentMethod') }),
    /** Delivery to a courier's locker (Sameday easybox): its id, from GET /api/lockers; absent: to the address. */
    lockerId: plainText('lockerId', key('checkout.error.locker.required'), key('checkout.error.locker.required'))
      .min(1, key('checkout.error.locker.required'))
      .max(40, key('checkout.error.locker.required'))
      .optional(),
    /** The tab's first and last touch (domain/attribution.ts): the order's channel and campaign. */
    attribution: z.object({ first: touchSchema, last: touchSchema }).optional(),
    idempotencyKey: plainText('idempotencyKey', 'idempotencyKey is required.').min(16, 'idempotencyKey must be 16 to 100 characters.').max(100, 'idempotencyKey must be 16 to 100 characters.'),
  })
  .superRefine(postalCodeChecked)
  .superRefine(sectorChecked);

/** An order to place: as the API parsed it, or as Stripe collected it for a paid order (which may name no county). */
export type OrderRequest = Omit<z.infer<typeof orderRequestSchema>, 'county'> & { county: CountyCode | null };

/**
 * PUT /api/admin/orders/:id/contents (issue 47): the owner's edit of an order before its AWB, as the order should now
 * be: every line (colour, quantity; lines added or removed) and the delivery address and phone, with the version of the
 * order the owner's page showed (a stale page gets 409).
 */
export const orderEditSchema = z.object({
  version: z.int('version must be a whole number.').positive('version must be a whole number.'),
  lines: orderLinesSchema,
  shipping: shippingSchema,
});
export type OrderEdit = z.infer<typeof orderEditSchema>;

/**
 * POST /api/admin/orders (issue 47): an order the owner takes for a customer who ordered by phone or message, by the
 * storefront's rules (the same request), and the language the customer's mails are written in.
 */
export const ownerOrderRequestSchema = z.object({
  order: orderRequestSchema,
  locale: z.enum(LOCALES, { error: 'Choose the language of the customer’s mails.' }),
});
export type OwnerOrderRequest = z.infer<typeof ownerOrderRequestSchema>;
