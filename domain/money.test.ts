import { describe, expect, it } from 'vitest';
import { isBani, lineTotal, toDecimalString } from './money';

describe('money in bani', () => {
  it('writes amounts with exactly two decimals', () => {
    expect(toDecimalString(3999)).toBe('39.99');
    expect(toDecimalString(1999)).toBe('19.99');
    expect(toDecimalString(20000)).toBe('200.00');
    expect(toDecimalString(5)).toBe('0.05');
    expect(toDecimalString(0)).toBe('0.00');
    expect(toDecimalString(-150)).toBe('-1.50');
  });

  it('multiplies a unit price exactly, with no floating-point drift', () => {
    // 0.1 + 0.2 style drift would show up here if prices were floats in RON
    expect(lineTotal(3999, 3)).toBe(11997);
    expect(toDecimalString(lineTotal(1999, 7))).toBe('139.93');
  });

  it('accepts only non-negative whole bani', () => {
    expect(isBani(3999)).toBe(true);
    expect(isBani(0)).toBe(true);
    expect(isBani(39.99)).toBe(false);
    expect(isBani(-1)).toBe(false);
    expect(isBani('3999')).toBe(false);
    expect(isBani(Number.NaN)).toBe(false);
  });
});
