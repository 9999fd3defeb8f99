import { z } from 'zod';
import { MAX_QUANTITY_PER_LINE } from './cart';
import { COUNTY_CODES, type CountyCode, countyName, POSTAL_CODE_PATTERN, postalCodeFitsCounty } from './counties';
import { ADDRESS_TEXT } from './messages';
import { PAYMENT_METHODS } from './orders';
import { emailSchema } from './email';
import { phoneInE164 } from './phone';
import { plainText } from './text';

export const MAX_ORDER_LINES = 50;

const field = (label: string, max: number) =>
  plainText(label, `${label} is required.`)
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`);

/** The eight shipping fields of spec 2 and the county, labelled as the form shows them. */
export const SHIPPING_FIELDS = {
  firstName: 'First name',
  lastName: 'Last name',
  country: 'Country',
  county: ADDRESS_TEXT.en.county,
  city: 'City',
  street: 'Street',
  streetNumber: 'Street number',
  postalCode: 'Postal code',
  phoneNumber: 'Phone number',
} as const;

export type ShippingField = keyof typeof SHIPPING_FIELDS;

const shippingFields = z.object({
  firstName: field(SHIPPING_FIELDS.firstName, 100),
  lastName: field(SHIPPING_FIELDS.lastName, 100),
  country: field(SHIPPING_FIELDS.country, 100),
  /** Its code (CJ, B…); orders placed before counties were asked have none. */
  county: z.enum(COUNTY_CODES, { error: ADDRESS_TEXT.en.countyRequired }),
  city: field(SHIPPING_FIELDS.city, 100),
  street: field(SHIPPING_FIELDS.street, 200),
  streetNumber: field(SHIPPING_FIELDS.streetNumber, 30),
  postalCode: field(SHIPPING_FIELDS.postalCode, 20).regex(POSTAL_CODE_PATTERN, ADDRESS_TEXT.en.postalCodeSixDigits),
  /** Stored in E.164 (+40722123456), however it was typed. */
  phoneNumber: field(SHIPPING_FIELDS.phoneNumber, 30).transform((typed, context) => {
    const phone = phoneInE164(typed);
    if (phone) return phone;
    context.addIssue({ code: 'custom', message: ADDRESS_TEXT.en.phoneInvalid });
    return z.NEVER;
  }),
  /** The customer checked a postal code that does not fit the county and keeps it as typed. */
  postalCodeConfirmed: z.boolean({ error: 'postalCodeConfirmed must be true or false.' }).optional(),
});

/**
 * A postal code that does not fit the county is asked about, never refused: the customer may
 * confirm it (the table of prefixes could be wrong, a real order must go through).
 */
function postalCodeChecked(shipping: { county: string; postalCode: string; postalCodeConfirmed?: boolean }, context: z.RefinementCtx) {
  if (shipping.postalCodeConfirmed || postalCodeFitsCounty(shipping.postalCode, shipping.county)) return;
  context.addIssue({ code: 'custom', path: ['postalCode'], message: ADDRESS_TEXT.en.postalCodeMismatch(shipping.postalCode, countyName(shipping.county)!) });
}

export const shippingSchema = shippingFields.superRefine(postalCodeChecked);

export type ShippingDetails = z.infer<typeof shippingSchema>;

/** Spec 5: the shipping step's Continue is enabled only when all eight fields (and the county) are non-blank after trimming. */
export function shippingComplete(values: Partial<Record<ShippingField, string>>): boolean {
  return (Object.keys(SHIPPING_FIELDS) as ShippingField[]).every((key) => (values[key] ?? '').trim() !== '');
}

export const orderLineSchema = z.object(
  {
    productId: plainText('Product id', 'Each line needs a product.').min(1, 'Each line needs a product.').max(64, 'Product id is too long.'),
    quantity: z
      .number({ error: 'Quantity must be a whole number.' })
      .int('Quantity must be a whole number.')
      .min(1, 'Quantity must be at least 1.')
      .max(MAX_QUANTITY_PER_LINE, `Quantity must be at most ${MAX_QUANTITY_PER_LINE}.`),
    /** The colour chosen, for a product with colours (the server requires one then); absent or null otherwise. */
    colour: plainText('Colour', 'Colour must be text.')
      .min(1, 'Colour must not be blank.')
      .max(40, 'Colour is too long (at most 40 characters).')
      .nullish()
      .transform((colour) => colour ?? null),
  },
  { error: 'Each line needs a product and a quantity.' },
);


/** One line per product and colour: the same pair twice is refused (two colours are two lines). */
function lineKey(line: { productId: string; colour: string | null }): string {
  return JSON.stringify([line.productId, line.colour?.toLowerCase() ?? null]);
}

/**
 * What a visitor's browser sends to place an order: who, where, which products and how many.
 * Never prices or totals: the server looks those up (DESIGN.md decision 7).
 */
export const orderRequestSchema = shippingFields
  .extend({
  email: emailSchema,
  lines: z
    .array(orderLineSchema, { error: 'The order needs a list of lines.' })
    .min(1, 'Your cart is empty.')
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines.`)
    .refine((lines) => new Set(lines.map(lineKey)).size === lines.length, 'Each product may appear only once in each colour.'),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method must be cod or card.' }),
  idempotencyKey: plainText('idempotencyKey', 'idempotencyKey is required.')
    .min(16, 'idempotencyKey must be 16 to 100 characters.')
    .max(100, 'idempotencyKey must be 16 to 100 characters.'),
  })
  .superRefine(postalCodeChecked);

/** An order to place: as the API parsed it, or as Stripe collected it for a paid order (which may name no county). */
export type OrderRequest = Omit<z.infer<typeof orderRequestSchema>, 'county'> & { county: CountyCode | null };
