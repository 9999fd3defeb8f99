import { z } from 'zod';
import { MAX_QUANTITY_PER_LINE } from './cart';
import { PAYMENT_METHODS } from './orders';
import { controlCharactersMessage, hasControlCharacters } from './text';

/** Spec 5: a basic something@something.something pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MAX_ORDER_LINES = 50;

/**
 * Trimmed text without control characters (checked after trimming, so a pasted trailing newline is
 * forgiven); `missing` is the message when the value is absent or not text.
 */
export const plainText = (label: string, missing?: string) =>
  z
    .string(missing ? { error: missing } : undefined)
    .trim()
    .refine((text) => !hasControlCharacters(text), controlCharactersMessage(label));

export const emailSchema = plainText('Email', 'Email is required.')
  .max(254, 'Email address is too long (at most 254 characters).')
  .regex(EMAIL_PATTERN, 'Enter a valid email address, like name@example.com.');

const field = (label: string, max: number) =>
  plainText(label, `${label} is required.`)
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`);

/** The eight shipping fields of spec 2, labelled as the form shows them. */
export const SHIPPING_FIELDS = {
  firstName: 'First name',
  lastName: 'Last name',
  country: 'Country',
  city: 'City',
  street: 'Street',
  streetNumber: 'Street number',
  postalCode: 'Postal code',
  phoneNumber: 'Phone number',
} as const;

export type ShippingField = keyof typeof SHIPPING_FIELDS;

export const shippingSchema = z.object({
  firstName: field(SHIPPING_FIELDS.firstName, 100),
  lastName: field(SHIPPING_FIELDS.lastName, 100),
  country: field(SHIPPING_FIELDS.country, 100),
  city: field(SHIPPING_FIELDS.city, 100),
  street: field(SHIPPING_FIELDS.street, 200),
  streetNumber: field(SHIPPING_FIELDS.streetNumber, 30),
  postalCode: field(SHIPPING_FIELDS.postalCode, 20),
  phoneNumber: field(SHIPPING_FIELDS.phoneNumber, 30).refine(
    (phone) => /^\+?[0-9 ()./-]+$/.test(phone) && phone.replace(/\D/g, '').length >= 5,
    'Phone number may contain digits, spaces, +, -, ( and ) only, at least 5 digits.',
  ),
});

export type ShippingDetails = z.infer<typeof shippingSchema>;

/** Spec 5: the shipping step's Continue is enabled only when all eight fields are non-blank after trimming. */
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
export const orderRequestSchema = shippingSchema.extend({
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
});

export type OrderRequest = z.infer<typeof orderRequestSchema>;
