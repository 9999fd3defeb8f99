import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { seedCatalog } from '../../../db/seed';
import { BUILT_IN_PRODUCTS } from '../../../domain/builtInProducts';
import { setUpTestApp } from '../../../testing/app';

const shop = setUpTestApp();

describe('GET /api/products', () => {
  it('returns the five seeded products in created_at order with every field', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.products.map((p: { id: string; name: string }) => `${p.id} ${p.name}`)).toEqual([
      '1 Dummy Lighter',
      '2 Dummy Car Key',
      '3 Belt with Secret Compartment',
      '4 Dummy Marker',
      '5 Dummy Phone Charger',
    ]);
    expect(body.products.map((p: { price: number; oldPrice: number }) => [p.price, p.oldPrice])).toEqual([
      [3999, 7999],
      [6499, 8999],
      [3999, 6999],
      [3999, 5999],
      [2499, 4999],
    ]);
    const lighter = body.products[0];
    expect(lighter).toEqual({
      id: '1',
      name: 'Dummy Lighter',
      slug: 'dummy-lighter',
      description: BUILT_IN_PRODUCTS[0]!.description,
      price: 3999,
      oldPrice: 7999,
      image: '/images/products/dummy-lighter.svg',
      images: BUILT_IN_PRODUCTS[0]!.images,
      stripePriceId: null,
      keyFeatures: BUILT_IN_PRODUCTS[0]!.keyFeatures,
      colourOptions: [
        { name: 'Black', label: 'Black', available: true, stockLeft: null },
        { name: 'Red', label: 'Red', available: false, stockLeft: null },
        { name: 'Blue', label: 'Blue', available: false, stockLeft: null },
      ],
      soldOut: false,
      stockLeft: null,
    });
    for (const product of body.products) {
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.images.length).toBeLessThanOrEqual(4);
    }
    expect(body.products.filter((p: { colourOptions: unknown[] }) => p.colourOptions.length > 0).map((p: { id: string }) => p.id)).toEqual(['1']);
  });

  it('ignores unknown query parameters', async () => {
    const plain = await shop.app.inject({ method: 'GET', url: '/api/products' });
    const withJunk = await shop.app.inject({ method: 'GET', url: '/api/products?anything=1&limit=-5&sort=%27drop' });
    expect(withJunk.statusCode).toBe(200);
    expect(withJunk.json()).toEqual(plain.json());
  });

  it('shows no old price for a product without an earlier price (even one with a typed-in old price), and falls back to the placeholder image', async () => {
    await shop.database.db.insert(products).values({ id: 'no-old', name: 'Plain', slug: 'plain', description: 'x', price: 4500, oldPrice: 9999, createdAt: new Date(Date.now() + 60_000) });
    // Written behind the app's back: the in-memory catalogue is told, as a NOTIFY would.
    await shop.app.catalogue.reload();
    try {
      const first = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products.at(-1);
      const second = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products.at(-1);
      expect(first.id).toBe('no-old');
      expect(first.oldPrice).toBeNull();
      expect(second).toEqual(first);
      expect(first.image).toBe('/images/products/placeholder.svg');
      expect(first.images).toEqual(['/images/products/placeholder.svg']);
    } finally {
      await shop.database.db.delete(products).where(eq(products.id, 'no-old'));
      await shop.app.catalogue.reload();
    }
  });
});

describe('seeding', () => {
  it('runs on first start only: a second start re-adds nothing the owner removed', async () => {
    await shop.database.db.delete(products).where(eq(products.id, '5'));
    try {
      expect(await seedCatalog(shop.database.db)).toBe(false);
      const ids = (await shop.database.db.select({ id: products.id }).from(products)).map((row) => row.id).sort();
      expect(ids).toEqual(['1', '2', '3', '4']);
    } finally {
      const charger = BUILT_IN_PRODUCTS[4]!;
      await shop.database.db.insert(products).values({ ...charger, mainImage: charger.image, createdAt: new Date(Date.now() + 120_000) });
    }
  });
});

describe('unknown API routes', () => {
  it('answer a JSON 404, never the HTML page', async () => {
    for (const url of ['/api/nope', '/api', '/api/products/1/whatever']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().error).toBe('not_found');
    }
    const post = await shop.app.inject({ method: 'POST', url: '/api/products', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});

describe('GET /api/health', () => {
  it('answers ok when the database is reachable', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
