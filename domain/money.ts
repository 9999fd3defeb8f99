/**
 * Money is an integer number of bani (1 RON = 100 bani) everywhere in code, API and database,
 * so sums and comparisons are exact. Only web/lib formats it for people.
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

/**
 * Bani from an amount typed in RON: "39.99", "39,99", "39.9" or "39" (at most two decimals, no
 * sign, no thousands separators); null when it is not such an amount. No floating point is involved.
 */
export function parseRon(text: string): Bani | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
