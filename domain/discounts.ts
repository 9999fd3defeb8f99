import type { Bani } from './money';

/**
 * Discount codes (issue 34): the rules a code is checked by and what it takes off, the same for the cart's preview, the
 * order's transaction and the invoice. A code is not a price reduction under the Omnibus rule: it never touches a
 * product's price, its 30-day reference price or its badges (domain/pricing.ts); it is its own line in the totals.
 */

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A code as the owner made it. `value`: whole percent (1–100) or bani; days are Bucharest's, YYYY-MM-DD, inclusive. */
export interface DiscountCode {
  code: string;
  kind: DiscountKind;
  value: number;
  minSubtotal: Bani | null;
  validFrom: string | null;
  validTo: string | null;
  /** How many orders may use it in all; null: no limit. */
  usageLimit: number | null;
  /** Once per customer, by their email or their phone. */
  oncePerContact: boolean;
  active: boolean;
}

/** 3 to 32 letters, digits, dashes or underscores, as the owner types them: compared in capitals. */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** A code as typed, as it is compared: trimmed, in capitals, without inner spaces ("vara 10" is VARA10). */
export function normalizedCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** Why a code does not apply: each has its own message (locales: `checkout.discount.refused.*`). */
export type DiscountRefusal = 'unknown' | 'notYetValid' | 'expired' | 'usedUp' | 'belowMinimum' | 'alreadyUsed';

/**
 * Why `code` does not apply to a cart of `subtotal` on `today`, or null when it does. A paused code reads as unknown
 * (the customer learns nothing of codes the owner stopped); the checks go from the code itself to this customer.
 */
export function discountRefusal(code: DiscountCode | null, cart: { subtotal: Bani; today: string; uses: number; usedByContact: boolean }): DiscountRefusal | null {
  if (!code?.active) return 'unknown';
  if (code.validFrom && cart.today < code.validFrom) return 'notYetValid';
  if (code.validTo && cart.today > code.validTo) return 'expired';
  if (code.usageLimit !== null && cart.uses >= code.usageLimit) return 'usedUp';
  if (code.minSubtotal !== null && cart.subtotal < code.minSubtotal) return 'belowMinimum';
  if (code.oncePerContact && cart.usedByContact) return 'alreadyUsed';
  return null;
}

/** What a code takes off a subtotal, in bani: a percentage rounded half up, or a sum of at most the subtotal. */
export function discountAmount(code: Pick<DiscountCode, 'kind' | 'value'>, subtotal: Bani): Bani {
  if (code.kind === 'percent') return Math.min(subtotal, Math.floor((subtotal * code.value) / 100 + 0.5));
  return Math.min(subtotal, code.value);
}

/**
 * The discount split over the VAT rates of the lines it is taken from, in proportion to each rate's total (the invoice
 * shows it per rate, with its VAT); the bani left by rounding go to the largest shares first, so the parts add up.
 */
export function discountByRate(lines: readonly { total: Bani; vatRate: number }[], discount: Bani): { vatRate: number; amount: Bani }[] {
  const byRate = new Map<number, Bani>();
  for (const line of lines) byRate.set(line.vatRate, (byRate.get(line.vatRate) ?? 0) + line.total);
  const whole = [...byRate.values()].reduce((sum, total) => sum + total, 0);
  if (whole === 0 || discount === 0) return [];
  const shares = [...byRate].map(([vatRate, total]) => {
    const exact = (discount * total) / whole;
    return { vatRate, amount: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = discount - shares.reduce((sum, share) => sum + share.amount, 0);
  for (const share of [...shares].sort((a, b) => b.rest - a.rest || b.amount - a.amount)) {
    if (left === 0) break;
    share.amount += 1;
    left -= 1;
  }
  return shares.map(({ vatRate, amount }) => ({ vatRate, amount })).sort((a, b) => b.vatRate - a.vatRate);
}
