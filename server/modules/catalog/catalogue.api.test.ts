import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../../db/client';
import { seedCatalog } from '../../../db/seed';
import { buildTestApp, setUpTestApp, signUpOwner, TEST_ORIGIN, type TestApp } from '../../../testing/app';
import { createTestDatabase } from '../../../testing/database';
import { sampleOrder } from '../../../testing/sampleOrder';

const shop = setUpTestApp();

const getProducts = (app: TestApp, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/products', headers });
type Shown = { id: string; price: number; stockLeft: number | null; soldOut: boolean };
const shownProduct = async (app: TestApp, id: string) => ((await getProducts(app)).json().products as Shown[]).find((product) => product.id === id);

async function changeProduct(owner: { cookie: string }, id: string, change: Record<string, unknown>) {
  const response = await shop.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(change),
  });
  expect(response.statusCode).toBe(200);
}

describe('GET /api/products from memory', () => {
  it('answers 304 to a GET that names its ETag, while the catalogue is unchanged', async () => {
    const first = await getProducts(shop.app);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await getProducts(shop.app, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    // A list naming it, or its strong form, also matches (RFC 9110's weak comparison).
    expect((await getProducts(shop.app, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await getProducts(shop.app, { 'if-none-match': etag.slice(2) })).statusCode).toBe(304);
    expect((await getProducts(shop.app, { 'if-none-match': '*' })).statusCode).toBe(304);
    expect((await getProducts(shop.app, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('sends brotli or gzip as the client prefers, the same JSON either way, with Vary: Accept-Encoding', async () => {
    const plain = await getProducts(shop.app);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await getProducts(shop.app, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await getProducts(shop.app, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  it('shows a back-office change on the next GET, with a new ETag', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const before = await getProducts(shop.app);
    await changeProduct(owner, '3', { price: 4299 });
    try {
      const after = await getProducts(shop.app, { 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json().products.find((product: Shown) => product.id === '3').price).toBe(4299);
    } finally {
      await changeProduct(owner, '3', { price: 3999 });
    }
    expect((await shownProduct(shop.app, '3'))?.price).toBe(3999);
  });

  it('follows the stock orders take when what it shows changes (Only N left, Sold Out)', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    await changeProduct(owner, '4', { stock: 7 });
    try {
      const order = (quantity: number) => shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines: [{ productId: '4', quantity }] }) });
      // 7 to 6: nothing shown changes (more than 5 left).
      expect((await order(1)).statusCode).toBe(201);
      expect(await shownProduct(shop.app, '4')).toMatchObject({ stockLeft: null, soldOut: false });
      // 6 to 4, then 4 to 0: the order's NOTIFY reloads every process's catalogue, and this one's before the order
      // is answered: the very next GET shows it, and the ETag the page had no longer matches (no stale window).
      const before = await getProducts(shop.app);
      expect((await order(2)).statusCode).toBe(201);
      expect(await shownProduct(shop.app, '4')).toMatchObject({ stockLeft: 4, soldOut: false });
      expect((await order(4)).statusCode).toBe(201);
      expect((await getProducts(shop.app, { 'if-none-match': before.headers.etag as string })).statusCode).toBe(200);
      expect(await shownProduct(shop.app, '4')).toMatchObject({ stockLeft: 0, soldOut: true });
    } finally {
      await changeProduct(owner, '4', { stock: null });
    }
  });
});

/** The test's database name, for a second connection to it (node-postgres answers `{ rows }`). */
async function databaseName() {
  const result = (await shop.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  return result.rows[0]!.name;
}

describe('several processes on one database', () => {
  it('a change made through one app is seen by another, by NOTIFY', async () => {
    // On PostgreSQL a second pool and listening connection, as a second process has; PGlite has one connection.
    const other: Database = process.env.TEST_DATABASE === 'postgres' ? await openPostgres({ database: await databaseName(), max: 5 }) : { ...shop.database, close: async () => undefined };
    const otherApp = await buildTestApp(other.db, { listen: other.listen });
    try {
      await seedCatalog(other.db);
      const owner = await signUpOwner(shop.app, shop.database.db);
      const seen = await getProducts(otherApp);
      await changeProduct(owner, '5', { name: 'Dummy Phone Charger XL' });
      await expect.poll(async () => (await getProducts(otherApp, { 'if-none-match': seen.headers.etag as string })).statusCode, { timeout: 2_000, interval: 20 }).toBe(200);
      expect((await getProducts(otherApp)).json()).toEqual((await getProducts(shop.app)).json());
      await changeProduct(owner, '5', { name: 'Dummy Phone Charger' });
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});

describe('no database query per GET', () => {
  it('keeps answering, 200 and 304, after its database has gone away', async () => {
    const database = await createTestDatabase();
    await seedCatalog(database.db);
    const app = await buildTestApp(database.db, { listen: database.listen });
    try {
      const before = await getProducts(app);
      await database.close();
      for (let i = 0; i < 3; i++) {
        const after = await getProducts(app);
        expect(after.statusCode).toBe(200);
        expect(after.body).toBe(before.body);
      }
      expect((await getProducts(app, { 'if-none-match': before.headers.etag as string })).statusCode).toBe(304);
    } finally {
      await app.close();
    }
  });
});
