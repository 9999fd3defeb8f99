import type { Locale } from './locale';

/**
 * Money is an integer number of bani (1 RON = 100 bani) everywhere in code, API and database,
 * so sums and comparisons are exact. formatMoney is the one way amounts become text, on the site and
 * in mails alike.
 */
export type Bani = number;

export const CURRENCY = 'RON';

/** Price of `quantity` units, in bani. */
export function lineTotal(unitPrice: Bani, quantity: number): Bani {
  return unitPrice * quantity;
}

/** "39.99" style amount, with exactly two decimals, without floating-point rounding. */
export function toDecimalString(amount: Bani): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Groups a whole number's digits by three: 1234567 → "1.234.567" with ".". */
const grouped = (whole: string, separator: string) => whole.replace(/\B(?=(\d{3})+$)/g, separator);

/**
 * The one place amounts become text for people, on the site and in the mails: "39,99 lei" and
 * "1.234,50 lei" in Romanian, "39.99 RON" and "1,234.50 RON" in English, as Intl.NumberFormat writes them
 * (money.test.ts compares them), but by hand: a browser's first NumberFormat loads its number data, a
 * task of 25–35 ms on a slow phone's main thread while the page hydrates.
 */
export function formatMoney(amount: Bani, locale: Locale): string {
  const [whole, decimals] = toDecimalString(amount).split('.') as [string, string];
  return locale === 'ro' ? `${grouped(whole, '.')},${decimals}\u00a0lei` : `${grouped(whole, ',')}.${decimals} ${CURRENCY}`;
}

/** A round amount without its zero decimals, for promotion texts: "200 lei" / "200 RON", but still "19,99 lei". */
export function formatMoneyShort(amount: Bani, locale: Locale): string {
  return amount % 100 === 0 ? formatMoney(amount, locale).replace(/[.,]00(?=\s)/, '') : formatMoney(amount, locale);
}

/**
 * An amount a payment service charged, as text: lei through `lei` (the page's or the mail's own way of writing them),
 * any other currency by its code (`amount` in its smallest unit), '?' when it is not known.
 */
export const chargedText = (amount: Bani | null, currency: string | null, lei: (bani: Bani) => string): string =>
  amount === null ? '?' : currency?.toUpperCase() === CURRENCY ? lei(amount) : `${(amount / 100).toFixed(2)} ${currency?.toUpperCase() ?? ''}`.trim();
