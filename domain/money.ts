import type { Locale } from './locale';

/**
 * Money is an integer number of bani (1 RON = 100 bani) everywhere in code, API and database,
 * so sums and comparisons are exact. formatRon is the one way amounts become text, on the site and
 * in mails alike.
 */
export type Bani = number;

export const CURRENCY = 'RON';

export function isBani(value: unknown): value is Bani {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

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

const romanian = new Intl.NumberFormat('ro-RO', { style: 'currency', currency: CURRENCY, currencyDisplay: 'narrowSymbol' });
const english = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The one place amounts become text for people, on the site and in the mails: "39,99 lei" and
 * "1.234,50 lei" in Romanian, "39.99 RON" and "1,234.50 RON" in English (Intl puts the code first in
 * English, so the number is formatted alone). Bani are whole numbers, so amount / 100 formats exactly.
 */
export function formatMoney(amount: Bani, locale: Locale): string {
  return locale === 'ro' ? romanian.format(amount / 100) : `${english.format(amount / 100)} ${CURRENCY}`;
}

/** A round amount without its zero decimals, for promotion texts: "200 lei" / "200 RON", but still "19,99 lei". */
export function formatMoneyShort(amount: Bani, locale: Locale): string {
  return amount % 100 === 0 ? formatMoney(amount, locale).replace(/[.,]00(?=\s)/, '') : formatMoney(amount, locale);
}
