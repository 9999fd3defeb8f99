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

  it('accepts only non-negative whole bani', () => {
    expect(isBani(3999)).toBe(true);
    expect(isBani(0)).toBe(true);
    expect(isBani(39.99)).toBe(false);
    expect(isBani(-1)).toBe(false);
    expect(isBani('3999')).toBe(false);
    expect(isBani(Number.NaN)).toBe(false);
  });
});
