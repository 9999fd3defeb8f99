import { describe, expect, it } from 'vitest';
import { biggestDiscountPercent, discountPercent, MAX_ORDER_TOTAL, missingForFreeShipping, overOrderMaximum, referencePrice, shippingFor, shippingWaived, totalsFor } from './pricing';

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
    expect(totalsFor([{ unitPrice: 3999, quantity: 2 }])).toEqual({ subtotal: 7998, discount: 0, shipping: 1999, total: 9997 });
    expect(
      totalsFor([
        { unitPrice: 3999, quantity: 5 },
        { unitPrice: 6499, quantity: 1 },
      ]),
    ).toEqual({
      subtotal: 26494,
      discount: 0,
      shipping: 0,
      total: 26494,
    });
    expect(totalsFor([])).toEqual({ subtotal: 0, discount: 0, shipping: 0, total: 0 });
  });

  it('waives delivery for paying first (PREPAY_FREE_SHIPPING), and knows an order it was waived for', () => {
    const prepaid = totalsFor([{ unitPrice: 3999, quantity: 2 }], { kind: 'amount', value: 500 }, { freeShipping: true });
    expect(prepaid).toEqual({ subtotal: 7998, discount: 500, shipping: 0, total: 7498 });
    expect(shippingWaived(prepaid)).toBe(true);
    expect(shippingWaived(totalsFor([{ unitPrice: 3999, quantity: 2 }]))).toBe(false);
    // Free anyway above the threshold: nothing was waived.
    expect(shippingWaived(totalsFor([{ unitPrice: 3999, quantity: 6 }], null, { freeShipping: true }))).toBe(false);
  });

  it('takes a discount code off the subtotal, and counts free shipping on what is left', () => {
    // 5 × 44.99 = 224.95; 10% off is 22.50 (22.495 rounded half up), leaving 202.45: still ships free.
    expect(totalsFor([{ unitPrice: 4499, quantity: 5 }], { kind: 'percent', value: 10 })).toEqual({ subtotal: 22495, discount: 2250, shipping: 0, total: 20245 });
    // 210.00 less 15 lei is 195.00: below 200, so shipping is charged again.
    expect(totalsFor([{ unitPrice: 21000, quantity: 1 }], { kind: 'amount', value: 1500 })).toEqual({ subtotal: 21000, discount: 1500, shipping: 1999, total: 21499 });
    // A sum larger than the cart takes it to nothing; the parcel still ships for its fee.
    expect(totalsFor([{ unitPrice: 3999, quantity: 1 }], { kind: 'amount', value: 5000 })).toEqual({ subtotal: 3999, discount: 3999, shipping: 1999, total: 1999 });
    expect(shippingFor(21000, 1500)).toBe(1999);
    expect(missingForFreeShipping(21000, 1500)).toBe(500);
  });
});

describe('the most one order may total', () => {
  it('is 100,000 lei by default, or the one given; reaching it is allowed, passing it is not', () => {
    expect(MAX_ORDER_TOTAL).toBe(10_000_000);
    expect(overOrderMaximum(totalsFor([{ unitPrice: 1_000_000, quantity: 10 }]))).toBe(false);
    expect(
      overOrderMaximum(
        totalsFor([
          { unitPrice: 1_000_000, quantity: 10 },
          { unitPrice: 1, quantity: 1 },
        ]),
      ),
    ).toBe(true);
    // Shipping counts: 199.99 RON of goods and 19.99 RON of shipping is 219.98 RON.
    expect(overOrderMaximum(totalsFor([{ unitPrice: 19_999, quantity: 1 }]), 21_997)).toBe(true);
    expect(overOrderMaximum(totalsFor([{ unitPrice: 19_999, quantity: 1 }]), 21_998)).toBe(false);
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

describe('reference price (lowest of the 30 days before the current price started)', () => {
  const now = new Date('2026-03-31T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const since = (price: number, days: number) => ({ price, startedAt: daysAgo(days) });

  it('is the earlier price when it held for the whole 30 days before the reduction', () => {
    expect(referencePrice(3999, [since(7999, 74), since(3999, 14)], now)).toBe(7999);
    expect(discountPercent(3999, referencePrice(3999, [since(7999, 74), since(3999, 14)], now))).toBe(50);
  });

  it('is none without history, or with only the current price', () => {
    expect(referencePrice(3999, [], now)).toBeNull();
    expect(referencePrice(3999, [since(3999, 90)], now)).toBeNull();
  });

  it('is none when the earlier price was lower or equal (a price raised, or unchanged)', () => {
    expect(referencePrice(4999, [since(3999, 60), since(4999, 5)], now)).toBeNull();
    expect(referencePrice(3999, [since(3999, 60), since(3999, 5)], now)).toBeNull();
  });

  it('takes the lowest price of the window, not the last one: a price raised then lowered is measured from before the raise', () => {
    // 50.00 for long, 60.00 for 15 days, then 40.00: the 30 days before 40.00 saw 50.00, so 20%, not 33%.
    const history = [since(5000, 100), since(6000, 20), since(4000, 5)];
    expect(referencePrice(4000, history, now)).toBe(5000);
    expect(discountPercent(4000, 5000)).toBe(20);
  });

  it('takes the lowest of several changes within the 30 days', () => {
    const history = [since(9000, 60), since(7000, 25), since(8000, 20), since(7500, 12), since(6000, 3)];
    expect(referencePrice(6000, history, now)).toBe(7000);
  });

  it('counts a price that held at any moment of the 30 days, and not one replaced exactly when they began', () => {
    // The current price started 10 days ago: the window is [40 days ago, 10 days ago).
    expect(referencePrice(3000, [since(4000, 80), since(5000, 40), since(3000, 10)], now)).toBe(5000);
    expect(referencePrice(3000, [since(4000, 80), since(5000, 39.9999), since(3000, 10)], now)).toBe(4000);
    // A price that started exactly 30 days before the current one counts.
    expect(referencePrice(3000, [since(6000, 80), since(4500, 40), since(3000, 10)], now)).toBe(4500);
  });

  it('ignores prices older than 30 days before the current one started', () => {
    // 20.00 ended 31 days before the current price: only 45.00 counts.
    expect(referencePrice(3000, [since(2000, 90), since(4500, 41), since(3000, 10)], now)).toBe(4500);
  });

  it('does not let a later change of something else restart the current price', () => {
    // The owner saved the product again 2 days ago (same price): the reduction started 14 days ago.
    expect(referencePrice(3999, [since(7999, 74), since(3999, 14), since(3999, 2)], now)).toBe(7999);
  });

  it('keeps the reference after the 30 days have passed, and ignores changes after now', () => {
    expect(referencePrice(3999, [since(7999, 150), since(3999, 60)], now)).toBe(7999);
    expect(referencePrice(3999, [since(7999, 74), since(3999, 14), since(2999, -1)], now)).toBe(7999);
  });

  it('is none when the history does not end in the stored price (when it started is unknown)', () => {
    expect(referencePrice(2999, [since(7999, 74), since(3999, 14)], now)).toBeNull();
  });

  it('sets the banner to the biggest real discount, none without one', () => {
    expect(
      biggestDiscountPercent([
        { price: 3999, oldPrice: 7999 },
        { price: 6499, oldPrice: 8999 },
        { price: 100, oldPrice: null },
      ]),
    ).toBe(50);
    expect(biggestDiscountPercent([{ price: 3999, oldPrice: null }])).toBe(0);
    expect(biggestDiscountPercent([])).toBe(0);
  });
});
