import { type DiscountCode, discountAmount } from './discounts';
import { type Bani, lineTotal } from './money';

export const SHIPPING_FEE: Bani = 1999;
export const FREE_SHIPPING_THRESHOLD: Bani = 20000;

/**
 * Spec 9: free when the subtotal is 200 RON or more, otherwise 19.99 RON. An empty cart ships nothing. A discount code's
 * `discount` counts first: the threshold is for the subtotal after it (issue 34).
 */
export function shippingFor(subtotal: Bani, discount: Bani = 0): Bani {
  if (subtotal <= 0) return 0;
  return subtotal - discount >= FREE_SHIPPING_THRESHOLD ? 0 : SHIPPING_FEE;
}

/** Whether an order's delivery was waived for paying first (its shipping 0 where its subtotal would have paid some). */
export const shippingWaived = (order: { subtotal: Bani; discount: Bani; shipping: Bani }): boolean => order.shipping === 0 && shippingFor(order.subtotal, order.discount) > 0;

/** How much more the visitor must add to get free shipping (0 when already free), the discount taken off first. */
export function missingForFreeShipping(subtotal: Bani, discount: Bani = 0): Bani {
  return Math.max(0, FREE_SHIPPING_THRESHOLD - (subtotal - discount));
}

/**
 * The most one order may total by default, 100,000 lei (ORDER_MAX_TOTAL_LEI): far above any real cart of this shop,
 * and far below what the order's amounts can hold (a 32-bit integer of bani: 21 million lei).
 */
export const MAX_ORDER_TOTAL: Bani = 10_000_000;
/** The highest ORDER_MAX_TOTAL_LEI may be: an order's total must fit the amounts' columns. */
export const MAX_ORDER_TOTAL_CEILING: Bani = 2_000_000_000;

/** Whether an order of `totals` is over the most one order may total (`max`, in bani). */
export const overOrderMaximum = (totals: Totals, max: Bani = MAX_ORDER_TOTAL): boolean => totals.total > max;

export interface PricedLine {
  unitPrice: Bani;
  quantity: number;
}

export interface Totals {
  subtotal: Bani;
  /** What a discount code takes off the subtotal (0 without one). */
  discount: Bani;
  shipping: Bani;
  /** subtotal − discount + shipping */
  total: Bani;
}

/**
 * An order's totals from its lines and the discount code it uses, if any (what the code takes off: domain/discounts).
 * `freeShipping`: delivery waived whatever the subtotal (PREPAY_FREE_SHIPPING, for an order paid by card before it leaves).
 */
export function totalsFor(lines: readonly PricedLine[], code: Pick<DiscountCode, 'kind' | 'value'> | null = null, { freeShipping = false } = {}): Totals {
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line.unitPrice, line.quantity), 0);
  const discount = code ? discountAmount(code, subtotal) : 0;
  const shipping = freeShipping ? 0 : shippingFor(subtotal, discount);
  return { subtotal, discount, shipping, total: subtotal - discount + shipping };
}

/** Spec 9: the discount badge is the rounded percentage of (old price − price) over old price; the old price is referencePrice's. */
export function discountPercent(price: Bani, oldPrice: Bani | null): number {
  if (oldPrice === null || oldPrice <= price || oldPrice <= 0) return 0;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}

/** How far back before the current price started its reference price looks (Omnibus directive, HG 947/2000 art. 4¹). */
export const REFERENCE_PERIOD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One row of a product's price history: the price it had from `startedAt` until the next row. */
export interface PriceSince {
  price: Bani;
  startedAt: Date;
}

/**
 * The price a reduction may be measured from (CJEU C-330/23): the lowest price the product had in
 * the 30 days before its current price started, or null when there is no such price higher than
 * the current one, and so no reduction to announce (no struck-through price, no badge).
 *
 * The current price is the one in effect at `now` and must be `price` (the product's stored price):
 * it started at the first of the latest rows with that price (a row that changed something else
 * and repeated the price does not restart it). A price counts when it was in effect at any moment
 * of [start − 30 days, start); rows from after `now` are ignored. Without history before the
 * current price, or when the history does not end in `price`, there is no reference.
 */
export function referencePrice(price: Bani, history: readonly PriceSince[], now: Date): Bani | null {
  const past = history.filter((row) => row.startedAt.getTime() <= now.getTime()).toSorted((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  let current = past.length - 1;
  if (current < 0 || past[current]!.price !== price) return null;
  while (current > 0 && past[current - 1]!.price === price) current -= 1;
  const start = past[current]!.startedAt.getTime();
  const windowStart = start - REFERENCE_PERIOD_DAYS * DAY_MS;
  let lowest: Bani | null = null;
  for (let index = 0; index < current; index += 1) {
    const endsAt = past[index + 1]!.startedAt.getTime();
    // Replaced at or before the window opened, or for no time at all: never in effect within it.
    if (endsAt <= windowStart || endsAt === past[index]!.startedAt.getTime()) continue;
    lowest = lowest === null ? past[index]!.price : Math.min(lowest, past[index]!.price);
  }
  return lowest !== null && lowest > price ? lowest : null;
}

/** The biggest real discount of a catalogue, for the promotion banner (0: none to announce). */
export function biggestDiscountPercent(products: readonly { price: Bani; oldPrice: Bani | null }[]): number {
  return Math.max(0, ...products.map((product) => discountPercent(product.price, product.oldPrice)));
}
