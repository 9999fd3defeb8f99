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
