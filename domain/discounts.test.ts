import { describe, expect, it } from 'vitest';
import { CODE_PATTERN, type DiscountCode, discountAmount, discountByRate, discountRefusal, normalizedCode } from './discounts';

const code: DiscountCode = {
  code: 'VARA10',
  kind: 'percent',
  value: 10,
  minSubtotal: 10_000,
  validFrom: '2026-12-01',
  validTo: '2026-12-31',
  usageLimit: 5,
  oncePerContact: true,
  active: true,
};
const cart = { subtotal: 12_000, today: '2026-12-10', uses: 0, usedByContact: false };

describe('discount codes', () => {
  it('are compared as typed without spaces, in capitals', () => {
    expect(normalizedCode(' vara 10 ')).toBe('VARA10');
    expect(CODE_PATTERN.test('VARA10')).toBe(true);
    expect(CODE_PATTERN.test('V')).toBe(false);
    expect(CODE_PATTERN.test('VARĂ10')).toBe(false);
  });

  it('apply only when known and active, within their days (inclusive), not used up, over the minimum, once per contact', () => {
    expect(discountRefusal(code, cart)).toBeNull();
    expect(discountRefusal(null, cart)).toBe('unknown');
    expect(discountRefusal({ ...code, active: false }, cart)).toBe('unknown');
    expect(discountRefusal(code, { ...cart, today: '2026-11-30' })).toBe('notYetValid');
    expect(discountRefusal(code, { ...cart, today: '2026-12-01' })).toBeNull();
    expect(discountRefusal(code, { ...cart, today: '2026-12-31' })).toBeNull();
    expect(discountRefusal(code, { ...cart, today: '2027-01-01' })).toBe('expired');
    expect(discountRefusal(code, { ...cart, uses: 5 })).toBe('usedUp');
    expect(discountRefusal(code, { ...cart, subtotal: 9_999 })).toBe('belowMinimum');
    expect(discountRefusal(code, { ...cart, usedByContact: true })).toBe('alreadyUsed');
    expect(discountRefusal({ ...code, oncePerContact: false, usageLimit: null, minSubtotal: null, validFrom: null, validTo: null }, { ...cart, uses: 999, usedByContact: true })).toBeNull();
  });

  it('take a percentage rounded half up, or a sum, never more than the subtotal', () => {
    expect(discountAmount({ kind: 'percent', value: 10 }, 12_345)).toBe(1_235);
    expect(discountAmount({ kind: 'percent', value: 15 }, 3_999)).toBe(600);
    expect(discountAmount({ kind: 'percent', value: 100 }, 3_999)).toBe(3_999);
    expect(discountAmount({ kind: 'amount', value: 2_000 }, 12_000)).toBe(2_000);
    expect(discountAmount({ kind: 'amount', value: 20_000 }, 12_000)).toBe(12_000);
  });

  it('split over the VAT rates in proportion, adding up to the ban', () => {
    expect(
      discountByRate(
        [
          { total: 7_998, vatRate: 2100 },
          { total: 2_499, vatRate: 2100 },
        ],
        1_050,
      ),
    ).toEqual([{ vatRate: 2100, amount: 1_050 }]);
    const split = discountByRate(
      [
        { total: 10_000, vatRate: 2100 },
        { total: 5_000, vatRate: 1100 },
        { total: 1, vatRate: 2100 },
      ],
      1_001,
    );
    expect(split).toEqual([
      { vatRate: 2100, amount: 667 },
      { vatRate: 1100, amount: 334 },
    ]);
    expect(split.reduce((sum, part) => sum + part.amount, 0)).toBe(1_001);
    expect(
      discountByRate(
        [
          { total: 3_333, vatRate: 2100 },
          { total: 3_333, vatRate: 1100 },
          { total: 3_334, vatRate: 500 },
        ],
        100,
      ).reduce((sum, part) => sum + part.amount, 0),
    ).toBe(100);
    expect(discountByRate([], 100)).toEqual([]);
  });
});
