import { z } from 'zod';
import type { ShopMessageId } from '../locales/messages';
import { type StoredColourOption, soldOutChoices } from './catalog';
import { orderLineSchema } from './checkout';
import type { Product } from './contracts/catalog';
import { emailSchema } from './email';
import { LOCALES } from './locale';

// Cart reminders and back-in-stock mails, only with consent (decision 0045): the rules, without I/O.

const key = (id: ShopMessageId) => id;

/** A cart line as a reminder keeps it: no price (the link reads today's). */
export interface ReminderLine {
  productId: string;
  colour: string | null;
  quantity: number;
}

/** How long a consent (a cart reminder, a back-in-stock subscription not confirmed or already sent) is kept. */
export const REMINDER_KEEP_DAYS = 7;

/** The delay before a cart reminder when CART_REMINDER_HOURS is not set. */
export const DEFAULT_REMINDER_HOURS = 2;

/** The parameters every cart reminder's link carries, so an order from it is counted as the reminder's (the funnel). */
export const CART_REMINDER_UTM = 'utm_source=reminder&utm_medium=email&utm_campaign=cart';
/** The parameters of a back-in-stock mail's link. */
export const BACK_IN_STOCK_UTM = 'utm_source=back-in-stock&utm_medium=email';

/**
 * POST /api/cart-reminders: the visitor ticked "Send me a link to my cart…" with a valid address (or changed the address
 * or the cart since). `id`: the consent recorded before in this checkout, updated instead of a new one.
 */
export const cartReminderConsentSchema = z.object({
  id: z.uuid(key('error.reminder.noSuchReminder')).optional(),
  email: emailSchema,
  lines: z
    .array(orderLineSchema, { error: key('checkout.error.lines.required') })
    .min(1, key('checkout.error.lines.empty'))
    .max(50, key('checkout.error.lines.tooMany')),
  locale: z.enum(LOCALES, { error: 'Choose the language of the mails.' }).default('en'),
});
export type CartReminderConsent = z.infer<typeof cartReminderConsentSchema>;

/** POST /api/stock-alerts: "Notify me" for a sold-out colour (null: a product without colours). */
export const stockAlertRequestSchema = z.object({
  productId: z
    .string({ error: key('error.stockAlert.notSoldOut') })
    .min(1, key('error.stockAlert.notSoldOut'))
    .max(64, key('error.stockAlert.notSoldOut')),
  // A colour's name, or none (null or absent) for a product without colours; anything else names no sold-out colour.
  colour: z
    .unknown()
    .refine((colour) => colour == null || (typeof colour === 'string' && colour.length >= 1 && colour.length <= 40), key('error.stockAlert.notSoldOut'))
    .transform((colour) => (colour ?? null) as string | null),
  email: emailSchema,
  locale: z.enum(LOCALES, { error: 'Choose the language of the mails.' }).default('en'),
});
export type StockAlertRequest = z.infer<typeof stockAlertRequestSchema>;

/** What the reminder's link puts back into the cart: today's product (so today's price), the quantity today's stock allows. */
export interface RestoredLine {
  product: Product;
  colour: string | null;
  quantity: number;
}

/**
 * A reminder's lines against today's catalogue: a product gone, hidden, sold out, or in a colour sold out (or gone)
 * is dropped (`dropped`, its name as the catalogue says it, or null when the product is gone altogether); a line
 * wanting more than the few left gets what is left. Prices are always the catalogue's: nothing is promised from before.
 */
export function restoreLines(lines: readonly ReminderLine[], catalogue: readonly Product[]): { lines: RestoredLine[]; dropped: { name: string | null; colour: string | null }[] } {
  const restored: RestoredLine[] = [];
  const dropped: { name: string | null; colour: string | null }[] = [];
  for (const line of lines) {
    const product = catalogue.find((candidate) => candidate.id === line.productId);
    if (!product) {
      dropped.push({ name: null, colour: line.colour });
      continue;
    }
    const option = line.colour === null ? null : product.colourOptions.find((candidate) => candidate.name === line.colour);
    const colourGone = line.colour !== null ? !option?.available : product.colourOptions.length > 0;
    if (product.soldOut || colourGone) {
      dropped.push({ name: product.name, colour: option?.label ?? line.colour });
      continue;
    }
    // Only a few left (the storefront says how many): no more than those, of the colour and of the product.
    const quantity = Math.min(line.quantity, option?.stockLeft ?? Number.POSITIVE_INFINITY, product.stockLeft ?? Number.POSITIVE_INFINITY);
    restored.push({ product, colour: line.colour, quantity });
  }
  return { lines: restored, dropped };
}

/** A product's stock and colours as the database keeps them (the back-in-stock round reads them). */
export interface StoredStock {
  active: boolean;
  stock: number | null;
  colourOptions: readonly StoredColourOption[];
}

/**
 * Whether a colour (null: the product without colours) can be bought again: the product is shown and not at 0, and the
 * colour is switched on and not at 0. A subscription is taken only while this is false, and mailed once it is true.
 */
export function inStock(product: StoredStock, colour: string | null): boolean {
  if (!product.active || product.stock === 0) return false;
  if (colour === null) return product.colourOptions.length === 0;
  const option = product.colourOptions.find((candidate) => candidate.name === colour);
  return option?.available === true && option.stock !== 0;
}

/** Whether the storefront offers "Notify me" for this colour of this product (null: a product without colours): it is sold out. */
export const canSubscribe = (product: Pick<Product, 'soldOut' | 'colourOptions'>, colour: string | null): boolean => soldOutChoices(product).some((choice) => (choice?.name ?? null) === colour);
