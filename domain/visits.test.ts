import { describe, expect, it } from 'vitest';
import { conversionRate, dropOffs, isBot, isPrefetch, stepOfPage } from './visits';

describe('visits', () => {
  it('name the funnel step of a storefront page, a product page with its slug, and nothing for other pages', () => {
    expect(stepOfPage('/')).toEqual({ step: 'landing', page: '' });
    expect(stepOfPage('/shop/')).toEqual({ step: 'shop', page: '' });
    // No URL at all (a host that cannot be): not a page, never a thrown error.
    expect(stepOfPage('//[')).toBeNull();
    expect(stepOfPage('/shop/dummy-lighter')).toEqual({ step: 'product', page: 'dummy-lighter' });
    expect(stepOfPage('/checkout')).toEqual({ step: 'cart', page: '' });
    expect(stepOfPage('/checkout?step=shipping')).toEqual({ step: 'shipping', page: '' });
    expect(stepOfPage('/checkout?step=bogus')).toEqual({ step: 'cart', page: '' });
    for (const other of ['/privacy', '/account/orders', '/admin', '/shop/Not_A_Slug', '/orders/1']) expect(stepOfPage(other)).toBeNull();
  });

  it('tell bots and prefetches from visitors', () => {
    expect(isBot('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe(false);
    for (const bot of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 HeadlessChrome/131.0',
      'curl/8.5.0',
      undefined,
      '',
    ]) {
      expect(isBot(bot)).toBe(true);
    }
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ accept: 'text/html' })).toBe(false);
  });

  it('give the conversion rate and each step’s drop-off', () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(300, 7)).toBe(2.3);
    expect(conversionRate(4, 4)).toBe(100);
    // More orders than visitors counted: no percentage over 100.
    expect(conversionRate(3, 5)).toBeNull();
    expect(conversionRate(0, 1)).toBeNull();
    expect(
      dropOffs([
        { step: 'landing', visitors: 200 },
        { step: 'shop', visitors: 150 },
        { step: 'product', visitors: 0 },
        { step: 'cart', visitors: 0 },
      ]),
    ).toEqual([
      { step: 'landing', visitors: 200, dropOff: null },
      { step: 'shop', visitors: 150, dropOff: 25 },
      { step: 'product', visitors: 0, dropOff: 100 },
      { step: 'cart', visitors: 0, dropOff: null },
    ]);
    // More on a product page than on the shop: visitors came straight to it, nobody dropped off.
    expect(
      dropOffs([
        { step: 'shop', visitors: 10 },
        { step: 'product', visitors: 40 },
      ])[1]!.dropOff,
    ).toBe(0);
  });
});
