import { type CartState, pricedLines } from '../../../domain/cart';
import { type DiscountCheckAnswer, discountCheckAnswerSchema } from '../../../domain/contracts/discounts';
import { DISCOUNT_KINDS } from '../../../domain/discounts';
import { type Totals, totalsFor } from '../../../domain/pricing';
import { ApiError, apiRequest } from '../../lib/api';

/**
 * A discount code at checkout (issue 34): what the server's check answered of it, kept in the checkout's draft so the
 * totals follow the quantities without asking again. The server checks it again when the order is placed.
 */
export type AppliedDiscount = Pick<DiscountCheckAnswer, 'code' | 'kind' | 'value' | 'minSubtotal'>;

export const appliedDiscountOf = ({ code, kind, value, minSubtotal }: DiscountCheckAnswer): AppliedDiscount => ({ code, kind, value, minSubtotal });

/** A code restored from the tab's storage, or null when it is not one (an older page's draft, a hand-edited one). */
export function storedDiscount(saved: unknown): AppliedDiscount | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const { code, kind, value, minSubtotal } = saved as Record<string, unknown>;
  const whole = (amount: unknown): amount is number => Number.isSafeInteger(amount) && (amount as number) >= 0;
  if (typeof code !== 'string' || code === '' || !DISCOUNT_KINDS.some((known) => known === kind) || !whole(value)) return null;
  if (minSubtotal !== null && !whole(minSubtotal)) return null;
  return { code, kind: kind as AppliedDiscount['kind'], value, minSubtotal };
}

export interface CheckoutTotals {
  totals: Totals;
  /** The code the totals take off, or null: none applied, or the cart is below its minimum (`belowMinimum`). */
  applied: AppliedDiscount | null;
  /** The code applied needs a larger subtotal than the cart has now: it takes nothing off until it does. */
  belowMinimum: AppliedDiscount | null;
}

/**
 * The cart's totals with the code applied, as the server will count them; a code below its minimum takes nothing off.
 * `freeShipping`: paid by card with PREPAY_FREE_SHIPPING, delivery is waived.
 */
export function checkoutTotals(cart: CartState, discount: AppliedDiscount | null, { freeShipping = false } = {}): CheckoutTotals {
  const lines = pricedLines(cart);
  const plain = totalsFor(lines, null, { freeShipping });
  if (!discount) return { totals: plain, applied: null, belowMinimum: null };
  if (discount.minSubtotal !== null && plain.subtotal < discount.minSubtotal) return { totals: plain, applied: null, belowMinimum: discount };
  return { totals: totalsFor(lines, discount, { freeShipping }), applied: discount, belowMinimum: null };
}

/** The cart's lines as the API takes them (an order, a code's check). */
export const orderLines = (cart: CartState) => cart.lines.map((line) => ({ productId: line.product.id, quantity: line.quantity, colour: line.colour }));

/**
 * POST /api/discounts/check: the code's answer for the cart, or an ApiError with the refusal's own message in the
 * visitor's language. Never with who orders: whether a person used a once-per-customer code is said only when they place
 * the order (issue 48).
 */
export function checkDiscountCode(code: string, cart: CartState) {
  return apiRequest('/discounts/check', discountCheckAnswerSchema, { method: 'POST', body: JSON.stringify({ code, lines: orderLines(cart) }) });
}

/** The server's error codes for a code that does not apply (server/modules/discounts/usage.ts), each with its own message. */
const REFUSALS = new Set(['discount_unknown', 'discount_not_yet_valid', 'discount_expired', 'discount_used_up', 'discount_below_minimum', 'discount_already_used']);

/** Whether `error` is the server saying the code does not apply (to a check or to an order): its message says why. */
export const isDiscountRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409 && REFUSALS.has(error.code ?? '');
