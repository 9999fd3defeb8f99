import { describe, expect, it } from 'vitest';
import { builtInProductsIn } from '../../../domain/builtInProducts';
import { type CartState, cartReducer, emptyCart } from '../../../domain/cart';
import type { Product } from '../../../domain/catalog';
import { ApiError } from '../../lib/api';
import { type AppliedDiscount, appliedDiscountOf, checkoutTotals, isDiscountRefusal, orderLines, storedDiscount } from './discount';

const [lighter, carKey, , marker, charger] = builtInProductsIn('en') as [Product, Product, Product, Product, Product];

function cartOf(...products: Product[]): CartState {
  return products.reduce((cart, product) => cartReducer(cart, { type: 'add', product }), emptyCart);
}

const tenPercent: AppliedDiscount = { code: 'TEN', kind: 'percent', value: 10, minSubtotal: null };

describe('checkout totals with a discount code', () => {
  // 2 × 39.99 + 24.99 = 104.97
  const cart = cartOf(lighter, lighter, charger);

  it('are the cart’s own without a code', () => {
    expect(checkoutTotals(cart, null)).toEqual({ totals: { subtotal: 10497, discount: 0, shipping: 1999, total: 12496 }, applied: null, belowMinimum: null });
  });

  it('drop the delivery when paid by card first (PREPAY_FREE_SHIPPING), with a code or without', () => {
    expect(checkoutTotals(cart, null, { freeShipping: true }).totals).toEqual({ subtotal: 10497, discount: 0, shipping: 0, total: 10497 });
    expect(checkoutTotals(cart, tenPercent, { freeShipping: true }).totals).toEqual({ subtotal: 10497, discount: 1050, shipping: 0, total: 9447 });
  });

  it('take a percentage off the subtotal, rounded half up, before shipping', () => {
    expect(checkoutTotals(cart, tenPercent)).toEqual({
      totals: { subtotal: 10497, discount: 1050, shipping: 1999, total: 11446 },
      applied: tenPercent,
      belowMinimum: null,
    });
  });

  it('count free shipping on the subtotal after the discount', () => {
    // 4 × 24.99 + 64.99 + 39.99 = 204.94: free shipping, until 10 lei off take it below 200.
    const big = cartOf(charger, charger, charger, charger, carKey, marker);
    expect(checkoutTotals(big, null).totals).toEqual({ subtotal: 20494, discount: 0, shipping: 0, total: 20494 });
    const tenLei: AppliedDiscount = { code: 'LEI10', kind: 'amount', value: 1000, minSubtotal: null };
    expect(checkoutTotals(big, tenLei).totals).toEqual({ subtotal: 20494, discount: 1000, shipping: 1999, total: 21493 });
  });

  it('take nothing off while the cart is below the code’s minimum, and say so', () => {
    const fromTwoHundred: AppliedDiscount = { ...tenPercent, minSubtotal: 20000 };
    expect(checkoutTotals(cart, fromTwoHundred)).toEqual({
      totals: { subtotal: 10497, discount: 0, shipping: 1999, total: 12496 },
      applied: null,
      belowMinimum: fromTwoHundred,
    });
    // 104.97 + 2 × 64.99 = 234.95: the code applies again; 23.50 off leaves 211.45, still free shipping.
    const more = cartReducer(cartReducer(cart, { type: 'add', product: carKey }), { type: 'add', product: carKey });
    expect(checkoutTotals(more, fromTwoHundred)).toEqual({
      totals: { subtotal: 23495, discount: 2350, shipping: 0, total: 21145 },
      applied: fromTwoHundred,
      belowMinimum: null,
    });
  });

  it('never go below nothing with a sum larger than the cart', () => {
    const big: AppliedDiscount = { code: 'BIG', kind: 'amount', value: 50000, minSubtotal: null };
    expect(checkoutTotals(cart, big).totals).toEqual({ subtotal: 10497, discount: 10497, shipping: 1999, total: 1999 });
  });
});

describe('the code kept in the checkout’s draft', () => {
  it('is what the server’s check answered of it', () => {
    const answer = { code: 'TEN', kind: 'percent', value: 10, minSubtotal: null, subtotal: 10497, discount: 1050, shipping: 1999, total: 11446 } as const;
    expect(appliedDiscountOf(answer)).toEqual(tenPercent);
  });

  it('is restored from the tab’s storage only when it is one', () => {
    expect(storedDiscount(tenPercent)).toEqual(tenPercent);
    expect(storedDiscount({ code: 'LEI10', kind: 'amount', value: 1000, minSubtotal: 5000 })).toEqual({ code: 'LEI10', kind: 'amount', value: 1000, minSubtotal: 5000 });
    for (const wrong of [
      null,
      undefined,
      'TEN',
      { ...tenPercent, kind: 'free' },
      { ...tenPercent, value: -5 },
      { ...tenPercent, value: '10' },
      { ...tenPercent, code: '' },
      { code: 'TEN', kind: 'percent', value: 10 },
      { ...tenPercent, minSubtotal: 1.5 },
    ]) {
      expect(storedDiscount(wrong), JSON.stringify(wrong)).toBeNull();
    }
  });
});

describe('a code’s check', () => {
  it('sends the cart’s lines as an order does', () => {
    expect(orderLines(cartOf(lighter, charger, lighter))).toEqual([
      { productId: '1', quantity: 2, colour: null },
      { productId: '5', quantity: 1, colour: null },
    ]);
  });

  it('tells a refusal of the code from any other failure', () => {
    for (const code of ['discount_unknown', 'discount_not_yet_valid', 'discount_expired', 'discount_used_up', 'discount_below_minimum', 'discount_already_used']) {
      expect(isDiscountRefusal(new ApiError(409, 'The code TEN has been used up.', code)), code).toBe(true);
    }
    expect(isDiscountRefusal(new ApiError(409, 'Dummy Car Key is sold out', 'out_of_stock'))).toBe(false);
    expect(isDiscountRefusal(new ApiError(429, 'Too many codes tried.', 'rate_limited'))).toBe(false);
    expect(isDiscountRefusal(new TypeError('Failed to fetch'))).toBe(false);
  });
});
