import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceHistory } from '../../../db/schema/catalog';
import { SEEDED_OLD_PRICE_DAYS, SEEDED_PRICE_DAYS_AGO } from '../../../db/seed';
import type { Product } from '../../../domain/catalog';
import { biggestDiscountPercent, discountPercent } from '../../../domain/pricing';
import { setUpTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';

/**
 * The storefront's struck-through prices and badges come from the price history (the lowest price of
 * the 30 days before the current one started), never from a typed-in old price, and the promotion
 * banner's "up to N%" is the biggest of those real discounts (domain/pricing; web/lib/promotion).
 */
const shop = setUpTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;

async function catalogue(): Promise<Product[]> {
  return (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products;
}
const referencesOf = (products: Product[]) => Object.fromEntries(products.map((product) => [product.id, [product.price, product.oldPrice, discountPercent(product.price, product.oldPrice)]]));

describe('reference prices in the catalogue', () => {
  it('are the seeded old prices, which the seeded history makes true: 60 days at the old price, the price since 14 days ago', async () => {
    const history = await shop.database.db.select().from(priceHistory).where(eq(priceHistory.productId, '1')).orderBy(priceHistory.changedAt);
    expect(history.map((row) => row.price)).toEqual([7999, 3999]);
    const [old, current] = history.map((row) => row.changedAt.getTime());
    expect(Math.round((Date.now() - current!) / DAY_MS)).toBe(SEEDED_PRICE_DAYS_AGO);
    expect(Math.round((current! - old!) / DAY_MS)).toBe(SEEDED_OLD_PRICE_DAYS);

    const products = await catalogue();
    expect(referencesOf(products)).toEqual({
      '1': [3999, 7999, 50],
      '2': [6499, 8999, 28],
      '3': [3999, 6999, 43],
      '4': [3999, 5999, 33],
      '5': [2499, 4999, 50],
    });
    // The banner: up to the biggest real discount (the spec's fixed "30%" was lower than the badges).
    expect(biggestDiscountPercent(products)).toBe(50);
  });

  it('follow the owner’s price changes: a raise or a new product shows no badge, a cut is measured from the lowest of the 30 days before it, and the banner follows', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const asOwner = (method: 'PATCH' | 'POST', url: string, payload: object) =>
      shop.app.inject({ method, url, headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

    // The lighter back up to 49.99: no lower price is not a reduction, whatever it was 2 weeks ago.
    const raised = await asOwner('PATCH', '/api/admin/products/1', { price: 4999 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().referencePrice).toBeNull();
    // The charger to 29.99: 24.99 was its price in the 30 days before, so no reduction either.
    expect((await asOwner('PATCH', '/api/admin/products/5', { price: 2999 })).json().referencePrice).toBeNull();
    // The marker cut again, to 29.99: measured from 39.99 (the lowest of the 30 days before), not from 59.99.
    const cut = await asOwner('PATCH', '/api/admin/products/4', { price: 2999 });
    expect(cut.json().referencePrice).toBe(3999);
    // A new product has no earlier price.
    const created = await asOwner('POST', '/api/admin/products', { name: 'Dummy Wallet', description: 'A wallet inside a wallet.', price: 4999 });
    expect(created.statusCode).toBe(201);
    expect(created.json().referencePrice).toBeNull();
    // Changing something else leaves the price's start, and so its reduction, as it was.
    await asOwner('PATCH', '/api/admin/products/3', { name: 'Belt with a Secret Compartment' });

    const products = await catalogue();
    expect(referencesOf(products)).toEqual({
      '1': [4999, null, 0],
      '2': [6499, 8999, 28],
      '3': [3999, 6999, 43],
      '4': [2999, 3999, 25],
      '5': [2999, null, 0],
      [created.json().product.id]: [4999, null, 0],
    });
    expect(biggestDiscountPercent(products)).toBe(43);
  });

  it('refuses a typed-in old price: only the history makes one', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const response = await shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/2',
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ oldPrice: 19999 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown field: oldPrice.');
  });
});
