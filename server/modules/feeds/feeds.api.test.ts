import { describe, expect, it } from 'vitest';
import type { Product } from '../../../domain/catalog';
import { SHOP_NAME } from '../../../domain/shopName';
import { setUpTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { type RssItem, readCsv, readRss } from '../../../testing/feedReaders';
import { TIKTOK_COLUMNS } from './formats';

/**
 * The catalogue feeds (issue 49): Google's and Meta's RSS, TikTok's CSV, one item per colour of each product shown,
 * honest prices, made again from memory whenever the catalogue changes.
 */
const shop = setUpTestApp();

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

async function asOwner(method: 'POST' | 'PATCH', url: string, payload: unknown) {
  const owner = await signUpOwner(shop.app, shop.database.db);
  return shop.app.inject({ method, url, payload: JSON.stringify(payload), headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' } });
}

async function rss(url: string) {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  const feed = await readRss(response.body);
  expect(feed.version).toBe('2.0');
  return feed.items;
}

/** What the storefront shows: its products, each once per colour (once without colours). */
async function expectedCount() {
  const products = (await get('/api/products')).json().products as Product[];
  return products.reduce((count, product) => count + Math.max(1, product.colourOptions.length), 0);
}

const byId = (items: RssItem[], id: string) => items.find((item) => item.fields['g:id'] === id);
const ofProduct = (items: RssItem[], id: string) => items.filter((item) => item.fields['g:id'] === id || item.fields['g:item_group_id'] === id);

/** What Google Merchant Center requires of every item (and Romania's shipping). */
const GOOGLE_REQUIRED = ['g:id', 'g:title', 'g:description', 'g:link', 'g:image_link', 'g:availability', 'g:price', 'g:condition'];

describe('the catalogue feeds', () => {
  it('Google’s: well-formed RSS 2.0, one item per colour of each product shown, with every attribute Google requires', async () => {
    const items = await rss('/feeds/google.xml');
    expect(items).toHaveLength(await expectedCount());
    expect(items).toHaveLength(7);
    expect(new Set(items.map((item) => item.fields['g:id'])).size).toBe(items.length);
    for (const item of items) {
      for (const attribute of GOOGLE_REQUIRED) expect(item.fields[attribute], attribute).toMatch(/\S/);
      expect(item.fields['g:brand']).toBe(SHOP_NAME);
      expect(item.fields['g:identifier_exists']).toBe('no');
      expect(item.fields['g:condition']).toBe('new');
      expect(['in_stock', 'out_of_stock']).toContain(item.fields['g:availability']);
      expect(item.fields['g:price']).toMatch(/^\d+\.\d{2} RON$/);
      expect(item.fields['g:link']).toMatch(new RegExp(`^${TEST_ORIGIN}/shop/[a-z0-9-]+\\?utm_source=google&utm_medium=catalog$`));
      expect(item.fields['g:image_link']).toMatch(new RegExp(`^${TEST_ORIGIN}/`));
      // Below the free-shipping threshold (200 RON), one unit ships for 19.99 RON.
      expect(item.shipping).toEqual(['RO 19.99 RON']);
    }
    // The reader is a real XML parser: what is not well-formed is refused.
    await expect(readRss('<rss version="2.0"><channel><item></channel></rss>')).rejects.toThrow();
  });

  it('lists each colour under its product, a sold-out colour as out of stock, in Romanian; prices as the storefront shows them', async () => {
    const items = await rss('/feeds/google.xml');
    const lighter = ofProduct(items, '1');
    expect(lighter.map((item) => [item.fields['g:color'], item.fields['g:availability'], item.fields['g:item_group_id']])).toEqual([
      ['Negru', 'in_stock', '1'],
      ['Roșu', 'out_of_stock', '1'],
      ['Albastru', 'out_of_stock', '1'],
    ]);
    expect(lighter[0]!.fields['g:title']).toBe('Brichetă cu ascunzătoare (Negru)');
    expect(lighter[0]!.images).toBe(2);
    // The 30-day reference price as price, the current one as sale_price: the storefront's struck-through price.
    expect(lighter[0]!.fields['g:price']).toBe('79.99 RON');
    expect(lighter[0]!.fields['g:sale_price']).toBe('39.99 RON');
    // A product without colours: one item, its own id, no group.
    const wallet = byId(items, '2')!;
    expect(wallet.fields['g:item_group_id']).toBeUndefined();
    expect(wallet.fields['g:color']).toBeUndefined();
  });

  it('a product without a reference price has no sale_price; at 200 RON or more it ships free; its safety information is given', async () => {
    const created = await asOwner('POST', '/api/admin/products', {
      name: 'Dummy Safe',
      description: 'A safe that looks like a book.',
      price: 24999,
      active: true,
      colourOptions: [
        { name: 'Grey', available: true, stock: 0 },
        { name: 'Brown', available: true, stock: null },
      ],
      manufacturer: { name: 'Hidden Goods Ltd', address: '5 Harbour Road, Shenzhen, China', email: 'safety@hidden.example' },
      model: 'BS-1',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().product.id as string;
    const items = await rss('/feeds/google.xml');
    expect(items).toHaveLength(await expectedCount());
    const safe = ofProduct(items, id);
    expect(safe.map((item) => [item.fields['g:color'], item.fields['g:availability']])).toEqual([
      ['Grey', 'out_of_stock'],
      ['Brown', 'in_stock'],
    ]);
    for (const item of safe) {
      expect(item.fields['g:price']).toBe('249.99 RON');
      expect(item.fields['g:sale_price']).toBeUndefined();
      expect(item.shipping).toEqual(['RO 0.00 RON']);
      expect(item.details).toEqual(['Producător=Hidden Goods Ltd, 5 Harbour Road, Shenzhen, China, safety@hidden.example', 'Tip, lot sau model=BS-1']);
    }
  });

  it('leaves out a hidden product and one excluded from feeds, and shows a neutral feed title', async () => {
    expect((await asOwner('PATCH', '/api/admin/products/2', { active: false })).statusCode).toBe(200);
    const excluded = await asOwner('PATCH', '/api/admin/products/3', { excludeFromFeeds: true });
    expect(excluded.statusCode).toBe(200);
    expect(excluded.json().product.excludeFromFeeds).toBe(true);
    const titled = await asOwner('PATCH', '/api/admin/products/4', { feedTitle: '  Marker permanent negru  ' });
    expect(titled.json().product.feedTitle).toBe('Marker permanent negru');

    const items = await rss('/feeds/google.xml');
    expect(ofProduct(items, '2')).toEqual([]);
    expect(ofProduct(items, '3')).toEqual([]);
    // Excluded from the feeds, still sold on the shop.
    expect(((await get('/api/products')).json().products as Product[]).some((product) => product.id === '3')).toBe(true);
    expect(byId(items, '4')!.fields['g:title']).toBe('Marker permanent negru');
    expect(items).toHaveLength((await expectedCount()) - 1);
  });

  it('refuses a bad switch or title with a 400 naming the field, and changes nothing', async () => {
    const notSwitch = await asOwner('PATCH', '/api/admin/products/5', { excludeFromFeeds: 'yes' });
    expect(notSwitch.statusCode).toBe(400);
    expect(notSwitch.json().message).toContain('Exclude from feeds');
    const tooLong = await asOwner('PATCH', '/api/admin/products/5', { feedTitle: 'x'.repeat(151) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('Title in the feeds');
    const empty = await asOwner('POST', '/api/admin/products', { name: 'Dummy Pen', description: 'A pen.', price: 999, feedTitle: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Title in the feeds');
    const romanian = (await get('/api/products', { 'accept-language': 'ro' })).json().products as Product[];
    expect(byId(await rss('/feeds/google.xml'), '5')!.fields['g:title']).toBe(romanian.find((product) => product.id === '5')!.name);
  });

  it('Meta’s is the same feed with its own utm_source; TikTok’s CSV has TikTok’s columns and the same items', async () => {
    const google = await rss('/feeds/google.xml');
    const meta = await rss('/feeds/meta.xml');
    expect(meta.map((item) => item.fields['g:id'])).toEqual(google.map((item) => item.fields['g:id']));
    for (const item of meta) expect(item.fields['g:link']).toMatch(/\?utm_source=meta&utm_medium=catalog$/);

    const response = await get('/feeds/tiktok.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = readCsv(response.body);
    expect(header).toEqual([...TIKTOK_COLUMNS]);
    expect(rows).toHaveLength(google.length);
    const row = (id: string) => Object.fromEntries(header!.map((column, at) => [column, rows.find((cells) => cells[0] === id)![at]]));
    const red = google.find((item) => item.fields['g:item_group_id'] === '1' && item.fields['g:color'] === 'Roșu')!;
    expect(row(red.fields['g:id']!)).toMatchObject({
      availability: 'out of stock',
      condition: 'new',
      price: '79.99 RON',
      sale_price: '39.99 RON',
      brand: SHOP_NAME,
      item_group_id: '1',
      color: 'Roșu',
    });
    expect(row(red.fields['g:id']!).link).toMatch(/\?utm_source=tiktok&utm_medium=catalog$/);
    for (const cells of rows) expect(cells).toHaveLength(TIKTOK_COLUMNS.length);
  });

  it('answers 304 to its ETag while nothing changed, and the new feed with a 200 right after the owner changes a price', async () => {
    for (const url of ['/feeds/google.xml', '/feeds/meta.xml', '/feeds/tiktok.csv']) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    }
    const before = await get('/feeds/google.xml');
    const csvBefore = await get('/feeds/tiktok.csv');
    expect((await asOwner('PATCH', '/api/admin/products/5', { price: 1999 })).statusCode).toBe(200);

    const after = await get('/feeds/google.xml', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const charger = byId((await readRss(after.body)).items, '5')!;
    // 19.99 now, measured from the lowest of the 30 days before it (24.99): a real reduction.
    expect([charger.fields['g:price'], charger.fields['g:sale_price']]).toEqual(['24.99 RON', '19.99 RON']);
    expect((await get('/feeds/tiktok.csv', { 'if-none-match': csvBefore.headers.etag as string })).statusCode).toBe(200);
  });

  it('follows the stock: a colour that sells out is listed out of stock at the next fetch', async () => {
    const lighter = await asOwner('PATCH', '/api/admin/products/1', {
      colourOptions: [
        { name: 'Black', available: true, stock: 0 },
        { name: 'Red', available: false },
        { name: 'Blue', available: false },
      ],
    });
    expect(lighter.statusCode).toBe(200);
    const items = await rss('/feeds/google.xml');
    expect(ofProduct(items, '1').map((item) => item.fields['g:availability'])).toEqual(['out_of_stock', 'out_of_stock', 'out_of_stock']);
  });
});
