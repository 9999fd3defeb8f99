import { describe, expect, it } from 'vitest';
import {
  derivedOldPrice,
  discountPercent,
  missingForFreeShipping,
  shippingFor,
  totalsFor,
} from './pricing';

describe('shipping', () => {
  it('charges 19.99 RON below 200 RON and nothing from 200 RON up', () => {
    expect(shippingFor(19999)).toBe(1999);
    expect(shippingFor(20000)).toBe(0);
    expect(shippingFor(20001)).toBe(0);
    expect(shippingFor(2499)).toBe(1999);
  });

  it('charges nothing for an empty cart', () => {
    expect(shippingFor(0)).toBe(0);
  });

  it('says how much more buys free shipping', () => {
    expect(missingForFreeShipping(15997)).toBe(4003);
    expect(missingForFreeShipping(20000)).toBe(0);
    expect(missingForFreeShipping(25000)).toBe(0);
  });

  it('adds shipping to the subtotal for the total', () => {
    expect(totalsFor([{ unitPrice: 3999, quantity: 2 }])).toEqual({ subtotal: 7998, shipping: 1999, total: 9997 });
    expect(totalsFor([{ unitPrice: 3999, quantity: 5 }, { unitPrice: 6499, quantity: 1 }])).toEqual({
      subtotal: 26494,
      shipping: 0,
      total: 26494,
    });
    expect(totalsFor([])).toEqual({ subtotal: 0, shipping: 0, total: 0 });
  });
});

describe('discount badge', () => {
  it('is the rounded percentage of the saving over the old price', () => {
    expect(discountPercent(3999, 7999)).toBe(50); // 50.006 %
    expect(discountPercent(6499, 8999)).toBe(28); // 27.78 %
    expect(discountPercent(3999, 6999)).toBe(43); // 42.86 %
    expect(discountPercent(3999, 5999)).toBe(33); // 33.34 %
    expect(discountPercent(2499, 4999)).toBe(50); // 50.01 %
  });

  it('rounds half up', () => {
    expect(discountPercent(875, 1000)).toBe(13); // 12.5 %
    expect(discountPercent(885, 1000)).toBe(12); // 11.5 %
  });

  it('is zero when there is no saving', () => {
    expect(discountPercent(5000, 5000)).toBe(0);
    expect(discountPercent(9000, 8999)).toBe(0);
    expect(discountPercent(5000, null)).toBe(0);
  });
});

describe('derived old price', () => {
  it('is price plus 20..50 RON, clamped to 69.99..89.99 RON', () => {
    for (const id of ['a', 'b', 'x-17', 'long-product-id', '42']) {
      const old = derivedOldPrice(id, 4000);
      expect(old).toBeGreaterThanOrEqual(6999);
      expect(old).toBeLessThanOrEqual(8999);
      expect(old - 4000).toBeGreaterThanOrEqual(2999); // clamped up from at least +20
      expect(old - 4000).toBeLessThanOrEqual(5000);
    }
    expect(derivedOldPrice('any', 1000)).toBe(6999);
    expect(derivedOldPrice('any', 8000)).toBe(8999);
  });

  it('is a fixed value for each product, the same on every call', () => {
    // 'p-7': hash ((112 × 31) + 45) × 31 + 55 = 109082, 109082 mod 31 = 24, so +20 + 24 = 44 RON.
    expect([1, 2, 3].map(() => derivedOldPrice('p-7', 3000))).toEqual([7400, 7400, 7400]);
    // The same +44 RON on 55.00 is 99.00, clamped to 89.99.
    expect(derivedOldPrice('p-7', 5500)).toBe(8999);
  });

  it('varies between products within the range', () => {
    // One-letter ids hash to their code point: 'a' = 97, 97 mod 31 = 4, so +24 RON; 'b' +25 RON; …
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => derivedOldPrice(id, 5000))).toEqual([7400, 7500, 7600, 7700, 7800, 7900]);
  });
});
