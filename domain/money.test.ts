import { describe, expect, it } from 'vitest';
import { formatMoney, lineTotal, toDecimalString } from './money';

describe('money in bani', () => {
  it('writes amounts with exactly two decimals', () => {
    expect(toDecimalString(3999)).toBe('39.99');
    expect(toDecimalString(1999)).toBe('19.99');
    expect(toDecimalString(20000)).toBe('200.00');
    expect(toDecimalString(5)).toBe('0.05');
    expect(toDecimalString(0)).toBe('0.00');
    expect(toDecimalString(-150)).toBe('-1.50');
  });

  it('multiplies a unit price exactly, where RON floats drift', () => {
    // In RON floats 19.99 × 99 is 1979.0099999999998 (1979.00 when cut to bani) and 0.29 × 100 is 28.999999999999996.
    expect(lineTotal(1999, 99)).toBe(197901);
    expect(toDecimalString(lineTotal(1999, 99))).toBe('1979.01');
    expect(lineTotal(29, 100)).toBe(2900);
    expect(toDecimalString(lineTotal(29, 100))).toBe('29.00');
    // 19.99 × 7 is 139.92999999999998 in floats.
    expect(toDecimalString(lineTotal(1999, 7))).toBe('139.93');
    expect(toDecimalString(lineTotal(3999, 3))).toBe('119.97');
  });
});

describe('amounts as text', () => {
  it('writes every amount as Intl.NumberFormat does, in both languages', () => {
    const romanian = new Intl.NumberFormat('ro-RO', { style: 'currency', currency: 'RON', currencyDisplay: 'narrowSymbol' });
    const english = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, 1, 5, 99, 100, 3999, 99_999, 100_000, 123_450, 999_999, 1_000_000, 12_345_678, 1_000_000_000_07];
    for (let amount = 7; amount < 5_000_000_000; amount = amount * 3 + 11) amounts.push(amount);
    for (const amount of amounts) {
      expect(formatMoney(amount, 'ro')).toBe(romanian.format(amount / 100));
      expect(formatMoney(amount, 'en')).toBe(`${english.format(amount / 100)} RON`);
    }
  });
});
