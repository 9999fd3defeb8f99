import { lineTotal, type Bani } from './money';

export const SHIPPING_FEE: Bani = 1999;
export const FREE_SHIPPING_THRESHOLD: Bani = 20000;
export const FLASH_SALE_MAX_PERCENT = 30;

/** Spec 9: free when the subtotal is 200 RON or more, otherwise 19.99 RON. An empty cart ships nothing. */
export function shippingFor(subtotal: Bani): Bani {
  if (subtotal <= 0) return 0;
  return subtotal >= FREE_SHIPPING_THRESHOLD ? 0 : SHIPPING_FEE;
}

/** How much more the visitor must add to get free shipping (0 when already free). */
export function missingForFreeShipping(subtotal: Bani): Bani {
  return Math.max(0, FREE_SHIPPING_THRESHOLD - subtotal);
}

export interface PricedLine {
  unitPrice: Bani;
  quantity: number;
}

export interface Totals {
  subtotal: Bani;
  shipping: Bani;
  total: Bani;
}

export function totalsFor(lines: readonly PricedLine[]): Totals {
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line.unitPrice, line.quantity), 0);
  const shipping = shippingFor(subtotal);
  return { subtotal, shipping, total: subtotal + shipping };
}

/** Spec 9: the discount badge is the rounded percentage of (old price − price) over old price. */
export function discountPercent(price: Bani, oldPrice: Bani | null): number {
  if (oldPrice === null || oldPrice <= price || oldPrice <= 0) return 0;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}

const OLD_PRICE_MIN: Bani = 6999;
const OLD_PRICE_MAX: Bani = 8999;

/**
 * Spec 3 derives an old price "price + random 20..50 RON, clamped to 69.99..89.99" for products
 * without one. We derive it from the product id instead of Math.random, so it never changes
 * between reloads or between server processes (decision 3 in DESIGN.md).
 */
export function derivedOldPrice(productId: string, price: Bani): Bani {
  let hash = 0;
  for (const char of productId) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  const extraWholeRon = 20 + (hash % 31);
  return Math.min(OLD_PRICE_MAX, Math.max(OLD_PRICE_MIN, price + extraWholeRon * 100));
}
