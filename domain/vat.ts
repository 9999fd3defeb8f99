import { discountByRate } from './discounts';
import { type Bani, lineTotal } from './money';

/**
 * Romanian VAT (TVA) on what the shop sells. Every price is gross (VAT included); the VAT in it is
 * extracted, never added. Rates are basis points (1/100 of a percent: 2100 = 21%), so any rate,
 * reduced ones with decimals included, is an exact integer; order lines store the rate this way.
 */
export type VatRate = number;

/** The standard rate since 1 August 2025 (Law 141/2025). */
export const STANDARD_VAT_RATE: VatRate = 2100;
/** The standard rate before that. */
export const PREVIOUS_STANDARD_VAT_RATE: VatRate = 1900;
/** 1 August 2025, 00:00 in Bucharest (EEST, UTC+3): when 21% started. */
export const STANDARD_RATE_CHANGE = new Date('2025-07-31T21:00:00Z');

/** The standard rate that applied at `at` (19% before 1 August 2025, 21% since). */
export function standardVatRateAt(at: Date): VatRate {
  return at.getTime() < STANDARD_RATE_CHANGE.getTime() ? PREVIOUS_STANDARD_VAT_RATE : STANDARD_VAT_RATE;
}

/** The VAT inside a gross amount: round(gross × rate / (100% + rate)), in bani. */
export function vatIn(gross: Bani, rate: VatRate): Bani {
  return Math.round((gross * rate) / (10_000 + rate));
}

/** "21" or "5.5": a rate as people read it, without the % sign. */
export function vatPercentText(rate: VatRate): string {
  return String(rate / 100);
}

/**
 * The VAT of an order at one rate: of each line (its gross total) and of the shipping fee, each rounded on its own, less
 * the VAT in a discount code's `discount` (it lowers what is taxed), and their sum.
 */
export function orderVat(lines: readonly { unitPrice: Bani; quantity: number }[], shipping: Bani, rate: VatRate, discount: Bani = 0): { lines: Bani[]; shipping: Bani; discount: Bani; total: Bani } {
  const lineVat = lines.map((line) => vatIn(lineTotal(line.unitPrice, line.quantity), rate));
  const shippingVat = vatIn(shipping, rate);
  const discountVat = vatIn(discount, rate);
  return { lines: lineVat, shipping: shippingVat, discount: discountVat, total: lineVat.reduce((sum, vat) => sum + vat, shippingVat) - discountVat };
}

/**
 * A discount code's `discount` split over the VAT rates of the lines it comes off (domain/discounts discountByRate),
 * with the VAT in each part: what the invoice's allowances say, and what the order's VAT is lowered by. Highest rate first.
 */
export function discountVatParts(lines: readonly { unitPrice: Bani; quantity: number; vatRate: VatRate }[], discount: Bani): { vatRate: VatRate; amount: Bani; vat: Bani }[] {
  const parts = discountByRate(
    lines.map((line) => ({ total: lineTotal(line.unitPrice, line.quantity), vatRate: line.vatRate })),
    discount,
  );
  return parts.map((part) => ({ ...part, vat: vatIn(part.amount, part.vatRate) }));
}

/**
 * The VAT an order's total includes, per rate (one entry for an order at one rate), from what the order
 * stores: its lines' VAT and its shipping's, less the VAT of its discount's part at each rate. Highest rate first.
 */
export function vatByRate(order: {
  lines: readonly { vatRate: VatRate; vatAmount: Bani; unitPrice: Bani; quantity: number }[];
  shippingVatRate: VatRate;
  shippingVat: Bani;
  discount?: Bani;
}): { rate: VatRate; amount: Bani }[] {
  const amounts = new Map<VatRate, Bani>();
  for (const part of [...order.lines, { vatRate: order.shippingVatRate, vatAmount: order.shippingVat }]) {
    amounts.set(part.vatRate, (amounts.get(part.vatRate) ?? 0) + part.vatAmount);
  }
  for (const part of discountVatParts(order.lines, order.discount ?? 0)) amounts.set(part.vatRate, (amounts.get(part.vatRate) ?? 0) - part.vat);
  return [...amounts].map(([rate, amount]) => ({ rate, amount })).toSorted((a, b) => b.rate - a.rate);
}
