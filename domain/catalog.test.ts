import { describe, expect, it } from 'vitest';
import { stockViewChanges } from './catalog';

describe('stockViewChanges', () => {
  it('is true only when the storefront would say something else', () => {
    expect(stockViewChanges(100, 99)).toBe(false);
    expect(stockViewChanges(7, 6)).toBe(false);
    expect(stockViewChanges(6, 5)).toBe(true);
    expect(stockViewChanges(5, 4)).toBe(true);
    expect(stockViewChanges(1, 0)).toBe(true);
    expect(stockViewChanges(0, 0)).toBe(false);
    expect(stockViewChanges(null, null)).toBe(false);
    expect(stockViewChanges(null, 3)).toBe(true);
    expect(stockViewChanges(null, 50)).toBe(false);
  });
});
