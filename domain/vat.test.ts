import { describe, expect, it } from 'vitest';
import { discountVatParts, orderVat, STANDARD_VAT_RATE, standardVatRateAt, vatByRate, vatIn, vatPercentText } from './vat';

describe('the standard VAT rate', () => {
  it('is 19% before 1 August 2025 and 21% from then on, Bucharest time', () => {
    expect(standardVatRateAt(new Date('2025-01-15T12:00:00Z'))).toBe(1900);
    expect(standardVatRateAt(new Date('2025-07-31T20:59:59.999Z'))).toBe(1900);
    expect(standardVatRateAt(new Date('2025-07-31T21:00:00Z'))).toBe(2100); // 00:00 on 1 August in Bucharest
    expect(standardVatRateAt(new Date('2026-11-24T10:00:00Z'))).toBe(STANDARD_VAT_RATE);
  });
});

describe('the VAT inside a gross amount', () => {
  it('is extracted from the price, rounded to the nearest ban', () => {
    expect(vatIn(3999, 2100)).toBe(694); // 39.99 × 21/121 = 6.9403
    expect(vatIn(6499, 2100)).toBe(1128); // 11.2792
    expect(vatIn(1999, 2100)).toBe(347); // shipping: 3.4693
    expect(vatIn(12100, 2100)).toBe(2100);
    expect(vatIn(11900, 1900)).toBe(1900);
    expect(vatIn(3999, 1900)).toBe(638); // 6.3849
  });

  it('rounds half a ban up and is nothing on nothing', () => {
    expect(vatIn(242, 2100)).toBe(42); // exactly 42.0
    expect(vatIn(3, 2100)).toBe(1); // 0.52
    expect(vatIn(2, 2100)).toBe(0); // 0.347
    expect(vatIn(0, 2100)).toBe(0);
  });

  it('reads as a percentage', () => {
    expect(vatPercentText(2100)).toBe('21');
    expect(vatPercentText(550)).toBe('5.5');
  });
});

describe('the VAT of an order', () => {
  it("is each line's and the shipping's, rounded on their own, and their sum", () => {
    // 2 × 39.99 = 79.98 → 13.88; 64.99 → 11.28; shipping 19.99 → 3.47
    expect(
      orderVat(
        [
          { unitPrice: 3999, quantity: 2 },
          { unitPrice: 6499, quantity: 1 },
        ],
        1999,
        2100,
      ),
    ).toEqual({ lines: [1388, 1128], shipping: 347, discount: 0, total: 2863 });
    expect(orderVat([], 0, 2100)).toEqual({ lines: [], shipping: 0, discount: 0, total: 0 });
  });

  it("is lowered by the VAT in a discount code's discount", () => {
    // 14.50 off: 2.52 of VAT in it.
    expect(
      orderVat(
        [
          { unitPrice: 3999, quantity: 2 },
          { unitPrice: 6499, quantity: 1 },
        ],
        1999,
        2100,
        1450,
      ),
    ).toEqual({ lines: [1388, 1128], shipping: 347, discount: 252, total: 2611 });
  });
});

describe('the VAT an order includes, per rate', () => {
  it('sums its lines and its shipping by rate, highest first', () => {
    const lines = [
      { vatRate: 2100, vatAmount: 1388, unitPrice: 3999, quantity: 2 },
      { vatRate: 2100, vatAmount: 1128, unitPrice: 6499, quantity: 1 },
    ];
    expect(vatByRate({ lines, shippingVatRate: 2100, shippingVat: 347 })).toEqual([{ rate: 2100, amount: 2863 }]);
    expect(vatByRate({ lines: [...lines, { vatRate: 1100, vatAmount: 99, unitPrice: 999, quantity: 1 }], shippingVatRate: 2100, shippingVat: 0 })).toEqual([
      { rate: 2100, amount: 2516 },
      { rate: 1100, amount: 99 },
    ]);
  });

  it("takes off the VAT of the discount's part at each rate", () => {
    const lines = [
      { vatRate: 2100, vatAmount: 1736, unitPrice: 10000, quantity: 1 },
      { vatRate: 1100, vatAmount: 991, unitPrice: 10000, quantity: 1 },
    ];
    // 20.00 off, half at each rate: 10.00 with 1.74 of VAT at 21%, and 0.99 at 11%.
    expect(vatByRate({ lines, shippingVatRate: 2100, shippingVat: 0, discount: 2000 })).toEqual([
      { rate: 2100, amount: 1736 - 174 },
      { rate: 1100, amount: 991 - 99 },
    ]);
    expect(discountVatParts(lines, 2001)).toEqual([
      { vatRate: 2100, amount: 1001, vat: 174 },
      { vatRate: 1100, amount: 1000, vat: 99 },
    ]);
  });
});
