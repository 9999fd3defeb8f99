import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { priceHistory, productImages, productSlugs, products } from '../../../db/schema/catalog';
import { BUILT_IN_PRODUCTS } from '../../../domain/builtInProducts';
import { buildTestApp, setUpTestApp, signUpCustomer, signUpOwner, TEST_ORIGIN, testUploadsDir } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';

// The server's answers, as the owner reads them in English (admin.error.* in locales/admin).
const IMAGE_REFUSED = 'Upload a JPEG, PNG or WebP image of at most 5 MB.';
const SLUG_TAKEN = 'Another product already has this address.';
const SLUG_REFUSED = 'Use lowercase letters, digits and hyphens for the address.';

const uploadsDir = testUploadsDir();
const shop = setUpTestApp({ uploadsDir });
afterAll(() => rm(uploadsDir, { recursive: true, force: true }));

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request as the signed-in owner from the shop's own pages; an object is sent as JSON, a Buffer as it is. */
function asOwner(owner: { cookie: string }, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const json = payload !== undefined && !Buffer.isBuffer(payload);
  return shop.app.inject({
    method,
    url,
    headers: { cookie: owner.cookie, origin: TEST_ORIGIN, ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    payload: json ? JSON.stringify(payload) : (payload as Buffer | undefined),
  });
}

const image = (format: 'png' | 'jpeg' | 'webp', width = 1600, height = 900, colour = '#b91c1c') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();

const newProduct = { name: 'Dummy Wallet', description: 'A wallet with a second, hidden wallet inside.', price: 4999 };

describe('who may use /api/admin/products', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/api/admin/products'],
    ['GET', '/api/admin/products/1'],
    ['POST', '/api/admin/products', newProduct],
    ['PATCH', '/api/admin/products/1', { price: 1 }],
    ['PUT', '/api/admin/products/1/images', { images: [] }],
    ['DELETE', '/api/admin/products/1/images/dummy-lighter.svg'],
    ['POST', '/api/admin/products/1/images', Buffer.from('not an image')],
  ];

  it.each(routes)('%s %s: 401 for a visitor, 403 for a customer, 403 from another origin, and nothing changes', async (method, url, payload) => {
    const customer = await signUpCustomer(shop.app);
    const owner = await signUpOwner(shop.app, shop.database.db);
    const before = await shop.database.db.select().from(products).orderBy(products.id);
    const body = payload === undefined ? undefined : Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
    const contentType = payload === undefined ? {} : { 'content-type': Buffer.isBuffer(payload) ? 'image/png' : 'application/json' };

    const visitor = await shop.app.inject({ method, url, payload: body, headers: { origin: TEST_ORIGIN, ...contentType } });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Please sign in with the shop owner’s account.');

    const asCustomer = await shop.app.inject({ method, url, payload: body, headers: { cookie: customer.cookie, origin: TEST_ORIGIN, ...contentType } });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe('This is for the shop’s owner only.');

    if (method !== 'GET') {
      const elsewhere = await shop.app.inject({ method, url, payload: body, headers: { cookie: owner.cookie, origin: 'https://evil.example', ...contentType } });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().code).toBe('invalid_origin');
    }
    expect(await shop.database.db.select().from(products).orderBy(products.id)).toEqual(before);
  });
});

describe('listing and reading products', () => {
  it('lists every product, hidden ones too, with stock, stored old price and images', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    await shop.database.db.update(products).set({ active: false, stock: 7 }).where(eq(products.id, '4'));
    // Written behind the app's back: the in-memory catalogue is told, as a NOTIFY would.
    await shop.app.catalogue.reload();
    try {
      const response = await asOwner(owner, 'GET', '/api/admin/products');
      expect(response.statusCode).toBe(200);
      const list = response.json().products;
      expect(list.map((product: { id: string }) => product.id)).toEqual(['1', '2', '3', '4', '5']);
      expect(list[3]).toMatchObject({ id: '4', name: 'Dummy Marker', active: false, stock: 7, price: 3999 });
      expect(list[0]).toMatchObject({
        stock: null,
        active: true,
        stripePriceId: null,
        colourOptions: [
          { name: 'Black', available: true },
          { name: 'Red', available: false },
          { name: 'Blue', available: false },
        ],
      });
      expect(list[0].images).toContain('/images/products/dummy-lighter.svg');
      // The storefront does not show the hidden one.
      const storefront = await shop.app.inject({ method: 'GET', url: '/api/products' });
      expect(storefront.json().products.map((product: { id: string }) => product.id)).toEqual(['1', '2', '3', '5']);
    } finally {
      await shop.database.db.update(products).set({ active: true, stock: null }).where(eq(products.id, '4'));
      await shop.app.catalogue.reload();
    }
  });

  it('reads one product with its price history (the seed wrote it) and the reference price the shop shows; an unknown id is 404', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const response = await asOwner(owner, 'GET', '/api/admin/products/2');
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({ id: '2', name: 'Dummy Car Key', price: 6499 });
    expect(response.json().priceHistory).toEqual([
      { price: 6499, changedAt: expect.any(String), changedBy: null },
      { price: 8999, changedAt: expect.any(String), changedBy: null },
    ]);
    expect(response.json().referencePrice).toBe(8999);
    const unknown = await asOwner(owner, 'GET', '/api/admin/products/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such product.');
  });
});

describe('creating and changing products', () => {
  it('creates a product with its first price history row, then it is on the storefront', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const response = await asOwner(owner, 'POST', '/api/admin/products', { ...newProduct, keyFeatures: ['Two wallets in one'], stock: 3, colourOptions: [{ name: 'Brown', available: true }] });
    expect(response.statusCode).toBe(201);
    const { product, priceHistory: history } = response.json();
    expect(product).toMatchObject({ ...newProduct, stock: 3, active: true, images: [], stripePriceId: null, keyFeatures: ['Two wallets in one'] });
    expect(product.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(history).toEqual([{ price: 4999, changedAt: expect.any(String), changedBy: owner.id }]);

    const storefront = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products;
    expect(storefront.find((shown: { id: string }) => shown.id === product.id)).toMatchObject({
      id: product.id,
      name: 'Dummy Wallet',
      price: 4999,
      soldOut: false,
      stockLeft: 3,
      image: '/images/products/placeholder.svg',
    });
    await shop.database.db.delete(products).where(eq(products.id, product.id));
  });

  it('keeps a product’s weight for the couriers’ parcels, in whole grams, or none (the shop’s default)', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const weighed = await asOwner(owner, 'PATCH', '/api/admin/products/2', { weightGrams: 120 });
    expect(weighed.statusCode).toBe(200);
    expect(weighed.json().product).toMatchObject({ id: '2', weightGrams: 120 });
    const refused = await asOwner(owner, 'PATCH', '/api/admin/products/2', { weightGrams: 0.5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Weight packed (grams) must be a whole number.');
    expect((await asOwner(owner, 'PATCH', '/api/admin/products/2', { weightGrams: null })).json().product.weightGrams).toBeNull();
  });

  it('keeps a product’s packed size for the couriers’ parcels, three whole centimetres, or none (the shop’s default)', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const sized = await asOwner(owner, 'PATCH', '/api/admin/products/2', { packedSizeCm: { length: 12, width: 6, height: 3 } });
    expect(sized.statusCode).toBe(200);
    expect(sized.json().product).toMatchObject({ id: '2', packedSizeCm: { length: 12, width: 6, height: 3 } });
    const [row] = await shop.database.db.select({ size: products.packedSizeCm }).from(products).where(eq(products.id, '2'));
    expect(row!.size).toEqual({ length: 12, width: 6, height: 3 });
    for (const [size, message] of [
      [{ length: 12, width: 0, height: 3 }, 'Width packed (cm) must be at least 1.'],
      [{ length: 201, width: 6, height: 3 }, 'Length packed (cm) must be at most 200.'],
      [{ length: 12, width: 6 }, 'Height packed (cm) must be a whole number.'],
      [{ length: 12, width: 6, height: 3, depth: 1 }, 'Unknown field: depth.'],
    ] as const) {
      const refused = await asOwner(owner, 'PATCH', '/api/admin/products/2', { packedSizeCm: size });
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
    expect((await asOwner(owner, 'PATCH', '/api/admin/products/2', { packedSizeCm: null })).json().product.packedSizeCm).toBeNull();
  });

  it('changes a price: the storefront shows it on its next load, and the history records it with the owner', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const response = await asOwner(owner, 'PATCH', '/api/admin/products/3', { price: 3499 });
    expect(response.statusCode).toBe(200);
    expect(response.json().product).toMatchObject({ id: '3', price: 3499 });
    expect(response.json().priceHistory.map((row: { price: number; changedBy: string | null }) => [row.price, row.changedBy])).toEqual([
      [3499, owner.id],
      [3999, null],
      [6999, null],
    ]);

    const storefront = await shop.app.inject({ method: 'GET', url: '/api/products' });
    expect(storefront.headers['cache-control']).toBe('no-cache');
    // Measured from the lowest price of the 30 days before 34.99 started: 39.99, not the 69.99 of earlier.
    expect(storefront.json().products.find((product: { id: string }) => product.id === '3')).toMatchObject({ price: 3499, oldPrice: 3999 });

    // A change that leaves the price as it is writes no history.
    const renamed = await asOwner(owner, 'PATCH', '/api/admin/products/3', { name: 'Belt with a Secret Compartment', price: 3499 });
    expect(renamed.json().priceHistory).toHaveLength(3);

    await asOwner(owner, 'PATCH', '/api/admin/products/3', { name: 'Belt with Secret Compartment', price: 3999 });
  });

  it('sets stock (0 is sold out, null is not counted), visibility, colours and the Stripe price id', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const response = await asOwner(owner, 'PATCH', '/api/admin/products/1', {
      stock: 0,
      colourOptions: [
        { name: 'Black', available: true },
        { name: 'Red', available: true },
      ],
      stripePriceId: 'price_123abc',
    });
    expect(response.statusCode).toBe(200);
    let lighter = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products[0];
    expect(lighter).toMatchObject({
      soldOut: true,
      stockLeft: 0,
      stripePriceId: 'price_123abc',
      colourOptions: [
        { name: 'Black', available: true },
        { name: 'Red', available: true },
      ],
    });

    await asOwner(owner, 'PATCH', '/api/admin/products/1', { stock: 20 });
    lighter = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products[0];
    expect(lighter).toMatchObject({ soldOut: false, stockLeft: null });

    await asOwner(owner, 'PATCH', '/api/admin/products/1', { active: false });
    expect((await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products.map((product: { id: string }) => product.id)).not.toContain('1');
    const order = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines: [{ productId: '1', quantity: 1, colour: 'Black' }] }) });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toBe('Dummy Lighter is no longer sold. Please remove it from your cart.');

    const restored = await asOwner(owner, 'PATCH', '/api/admin/products/1', {
      active: true,
      stock: null,
      stripePriceId: null,
      colourOptions: [
        { name: 'Black', available: true },
        { name: 'Red', available: false },
        { name: 'Blue', available: false },
      ],
    });
    expect(restored.json().product).toMatchObject({ active: true, stock: null, stripePriceId: null });
  });

  it('keeps what customers bought while the owner edited: a stock sent as the form showed it stays as it is now', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const colours = (black: number | null, red: number | null) => [
      { name: 'Black', available: true, stock: black },
      { name: 'Red', available: true, stock: red },
    ];
    await asOwner(owner, 'PATCH', '/api/admin/products/1', { stock: 5, colourOptions: colours(3, 2) });
    // The owner's page shows 5 (Black 3, Red 2); meanwhile a customer buys two black lighters.
    const seen = { stock: 5, colours: { Black: 3, Red: 2 } };
    const bought = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines: [{ productId: '1', quantity: 2, colour: 'Black' }] }) });
    expect(bought.statusCode, bought.body).toBe(201);

    // A fixed typo saves the form's stock as it showed it: the sale stays counted.
    const typo = await asOwner(owner, 'PATCH', '/api/admin/products/1', { name: 'Dummy Lighter', stock: 5, colourOptions: colours(3, 2), stockSeen: seen });
    expect(typo.statusCode, typo.body).toBe(200);
    expect(typo.json().product).toMatchObject({
      stock: 3,
      colourOptions: [
        { name: 'Black', stock: 1 },
        { name: 'Red', stock: 2 },
      ],
    });

    // What the owner typed is set as typed (they counted): the product's 10 and Red's 6; Black, untouched, stays 1.
    const counted = await asOwner(owner, 'PATCH', '/api/admin/products/1', { stock: 10, colourOptions: colours(3, 6), stockSeen: seen });
    expect(counted.json().product).toMatchObject({
      stock: 10,
      colourOptions: [
        { name: 'Black', stock: 1 },
        { name: 'Red', stock: 6 },
      ],
    });

    // Without what the form showed (another client of the API), the stock is set as sent.
    const plain = await asOwner(owner, 'PATCH', '/api/admin/products/1', { stock: 5, colourOptions: colours(3, 2) });
    expect(plain.json().product).toMatchObject({
      stock: 5,
      colourOptions: [
        { name: 'Black', stock: 3 },
        { name: 'Red', stock: 2 },
      ],
    });
    // Only what the form showed is not a change.
    expect((await asOwner(owner, 'PATCH', '/api/admin/products/1', { stockSeen: seen })).statusCode).toBe(400);

    await asOwner(owner, 'PATCH', '/api/admin/products/1', {
      stock: null,
      colourOptions: [
        { name: 'Black', available: true },
        { name: 'Red', available: false },
        { name: 'Blue', available: false },
      ],
    });
  });

  it('answers unknown products with 404 and writes nothing', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const patch = await asOwner(owner, 'PATCH', '/api/admin/products/nope', { price: 100 });
    expect(patch.statusCode).toBe(404);
    const history = await shop.database.db.select().from(priceHistory).where(eq(priceHistory.productId, 'nope'));
    expect(history).toEqual([]);
  });
});

describe('a product’s address', () => {
  const oldSlugs = () => shop.database.db.select().from(productSlugs).orderBy(productSlugs.slug);
  const slugsNow = async () => Object.fromEntries((await shop.database.db.select({ id: products.id, slug: products.slug }).from(products)).map((row) => [row.id, row.slug]));

  afterEach(async () => {
    const { db } = shop.database;
    await db.delete(productSlugs);
    // Out of each other's way first: slugs are unique.
    for (const product of BUILT_IN_PRODUCTS)
      await db
        .update(products)
        .set({ slug: `was-${product.id}` })
        .where(eq(products.id, product.id));
    for (const product of BUILT_IN_PRODUCTS) await db.update(products).set({ slug: product.slug }).where(eq(products.id, product.id));
    await shop.app.catalogue.reload();
  });

  it('moves a product to a new address: the lists show it, and the old one is kept for a redirect', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const response = await asOwner(owner, 'PATCH', '/api/admin/products/5', { slug: '  phone-charger ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product).toMatchObject({ id: '5', slug: 'phone-charger', name: 'Dummy Phone Charger' });

    const list = (await asOwner(owner, 'GET', '/api/admin/products')).json().products;
    expect(list.find((product: { id: string }) => product.id === '5').slug).toBe('phone-charger');
    expect(list.find((product: { id: string }) => product.id === '1').slug).toBe('dummy-lighter');
    const storefront = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products;
    expect(storefront.find((product: { id: string }) => product.id === '5').slug).toBe('phone-charger');
    expect(await oldSlugs()).toEqual([{ slug: 'dummy-phone-charger', productId: '5' }]);

    // The same address again, or another field alone, keeps nothing more.
    await asOwner(owner, 'PATCH', '/api/admin/products/5', { slug: 'phone-charger', stock: 9 });
    await asOwner(owner, 'PATCH', '/api/admin/products/5', { stock: null });
    expect(await oldSlugs()).toEqual([{ slug: 'dummy-phone-charger', productId: '5' }]);
  });

  it('refuses an address another product has with 409, and writes nothing of the change', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const before = await shop.database.db.select().from(products).orderBy(products.id);
    const historyBefore = await shop.database.db.select().from(priceHistory).where(eq(priceHistory.productId, '5'));
    const response = await asOwner(owner, 'PATCH', '/api/admin/products/5', { slug: 'dummy-marker', price: 1999 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'conflict', message: SLUG_TAKEN, code: 'slug_taken' });
    expect(await shop.database.db.select().from(products).orderBy(products.id)).toEqual(before);
    expect(await shop.database.db.select().from(priceHistory).where(eq(priceHistory.productId, '5'))).toEqual(historyBefore);
    expect(await oldSlugs()).toEqual([]);
  });

  it('refuses an address that is not lowercase letters, digits and hyphens with 400', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const refused: [unknown, string][] = [
      ['Phone Charger', SLUG_REFUSED],
      ['PHONE-CHARGER', SLUG_REFUSED],
      ['phone--charger', SLUG_REFUSED],
      ['-phone', SLUG_REFUSED],
      ['phone-', SLUG_REFUSED],
      ['încărcător', SLUG_REFUSED],
      ['shop/phone', SLUG_REFUSED],
      ['phone\u0000', 'Address must not contain control characters.'],
      ['x'.repeat(81), 'Address is too long (at most 80 characters).'],
      ['  ', 'Address is required.'],
      [42, 'Address must be text.'],
      [null, 'Address must be text.'],
    ];
    for (const [slug, message] of refused) {
      const response = await asOwner(owner, 'PATCH', '/api/admin/products/5', { slug });
      expect(response.statusCode, JSON.stringify(slug)).toBe(400);
      expect(response.json().message, JSON.stringify(slug)).toBe(message);
    }
    // At most 80 characters: 80 are fine.
    const longest = await asOwner(owner, 'PATCH', '/api/admin/products/5', { slug: 'x'.repeat(80) });
    expect(longest.statusCode).toBe(200);
    expect(await oldSlugs()).toEqual([{ slug: 'dummy-phone-charger', productId: '5' }]);
  });

  it('gives a product another product’s old address (the new owner wins), and a product its own old one back', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    expect((await asOwner(owner, 'PATCH', '/api/admin/products/4', { slug: 'marker' })).statusCode).toBe(200);
    const taken = await asOwner(owner, 'PATCH', '/api/admin/products/5', { slug: 'dummy-marker' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().product.slug).toBe('dummy-marker');
    expect(await oldSlugs()).toEqual([{ slug: 'dummy-phone-charger', productId: '5' }]);

    // Back to its own old address: the one it leaves is kept instead.
    const back = await asOwner(owner, 'PATCH', '/api/admin/products/5', { slug: 'dummy-phone-charger' });
    expect(back.statusCode).toBe(200);
    expect(await oldSlugs()).toEqual([{ slug: 'dummy-marker', productId: '5' }]);
    expect(await slugsNow()).toMatchObject({ '4': 'marker', '5': 'dummy-phone-charger' });
  });

  it('is the owner’s only: a visitor gets 401, a customer 403, and nothing moves', async () => {
    const customer = await signUpCustomer(shop.app);
    const visitor = await shop.app.inject({ method: 'PATCH', url: '/api/admin/products/5', payload: { slug: 'mine' }, headers: { origin: TEST_ORIGIN } });
    expect(visitor.statusCode).toBe(401);
    const asCustomer = await shop.app.inject({ method: 'PATCH', url: '/api/admin/products/5', payload: { slug: 'mine' }, headers: { cookie: customer.cookie, origin: TEST_ORIGIN } });
    expect(asCustomer.statusCode).toBe(403);
    expect((await slugsNow())['5']).toBe('dummy-phone-charger');
    expect(await oldSlugs()).toEqual([]);
  });
});

describe('images', () => {
  async function uploadedFiles() {
    return (await readdir(`${uploadsDir}/products`).catch(() => [] as string[])).sort();
  }

  it('stores an upload as WebP at 400, 800 and 1200 px, served with a long immutable cache, and adds it last', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    // Declared as something else entirely: the content decides.
    const response = await asOwner(owner, 'POST', '/api/admin/products/2/images', await image('png'), { 'content-type': 'application/octet-stream' });
    expect(response.statusCode, response.body).toBe(200);
    const images: string[] = response.json().product.images;
    const added = images.at(-1)!;
    expect(added).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-800\.webp$/);
    expect(images.slice(0, -1)).toEqual(['/images/products/dummy-car-key.svg', '/images/products/dummy-car-key-open.svg']);

    for (const width of [400, 800, 1200]) {
      const served = await shop.app.inject({ method: 'GET', url: added.replace('-800.webp', `-${width}.webp`) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height: Math.round((900 * width) / 1600) });
    }
    const storefront = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products[1];
    expect(storefront.images.at(-1)).toBe(added);
    expect((await shop.app.inject({ method: 'GET', url: '/uploads/products/nope-800.webp' })).statusCode).toBe(404);
  });

  it('serves an image uploaded through one process from another on the same database; a folder only caches it', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const uploaded = await asOwner(owner, 'POST', '/api/admin/products/1/images', await image('png', 640, 360, '#15803d'), { 'content-type': 'image/png' });
    expect(uploaded.statusCode).toBe(200);
    const url: string = uploaded.json().product.images.at(-1);
    const name = url.split('/').at(-1)!;
    const here = await shop.app.inject({ method: 'GET', url });

    // Another process: its own, empty folder, the same database.
    const otherFolder = testUploadsDir();
    const other = await buildTestApp(shop.database.db, { uploadsDir: otherFolder });
    try {
      const there = await other.inject({ method: 'GET', url });
      expect(there.statusCode).toBe(200);
      expect(there.headers['content-type']).toBe('image/webp');
      expect(there.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      // Kept in its folder for next time: the same bytes.
      expect((await readdir(`${otherFolder}/products`)).includes(name)).toBe(true);
      // The first process's folder gone entirely: still served, from the database.
      await rm(`${uploadsDir}/products`, { recursive: true, force: true });
      const again = await shop.app.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(here.rawPayload)).toBe(true);
      // An address that is no stored image, or not an image's name at all, is a 404 anywhere.
      for (const missing of ['/uploads/products/0123456789abcdef0123456789abcdef-800.webp', '/uploads/products/..%2Fpglite', `/uploads/products/${name.replace('-800', '-801')}`]) {
        expect((await other.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
      }
    } finally {
      await other.close();
      await rm(otherFolder, { recursive: true, force: true });
    }
  });

  it('puts images uploaded before they were kept in the database (still in the folder) into it at start', async () => {
    const folder = testUploadsDir();
    const name = `${'ab'.repeat(16)}-400.webp`;
    const bytes = await image('webp', 400, 225, '#7c3aed');
    await mkdir(`${folder}/products`, { recursive: true });
    await writeFile(`${folder}/products/${name}`, bytes);
    await writeFile(`${folder}/products/not-an-image.txt`, 'left alone');
    const started = await buildTestApp(shop.database.db, { uploadsDir: folder });
    try {
      const [row] = await shop.database.db.select().from(productImages).where(eq(productImages.name, name));
      expect(row?.data.equals(bytes)).toBe(true);
      expect((await shop.database.db.select().from(productImages).where(eq(productImages.name, 'not-an-image.txt'))).length).toBe(0);
    } finally {
      await started.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('never upscales a small image, and turns JPEG and WebP into WebP too', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const small = await asOwner(owner, 'POST', '/api/admin/products/5/images', await image('jpeg', 300, 200), { 'content-type': 'image/jpeg' });
    expect(small.statusCode).toBe(200);
    const url: string = small.json().product.images.at(-1);
    for (const width of [400, 800, 1200]) {
      const served = await shop.app.inject({ method: 'GET', url: url.replace('-800.webp', `-${width}.webp`) });
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
    }
    const webp = await asOwner(owner, 'POST', '/api/admin/products/5/images', await image('webp', 500, 500, '#1d4ed8'), { 'content-type': 'image/webp' });
    expect(webp.statusCode).toBe(200);
    expect(webp.json().product.images).toHaveLength(4);
    // The same picture again is kept once.
    const again = await asOwner(owner, 'POST', '/api/admin/products/5/images', await image('webp', 500, 500, '#1d4ed8'), { 'content-type': 'image/webp' });
    expect(again.json().product.images).toHaveLength(4);
  });

  it('refuses what is not a JPEG, PNG or WebP image, or is over 5 MB, and stores nothing', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const png = await image('png', 64, 64);
    const before = await uploadedFiles();
    const storedBefore = await shop.database.db.$count(productImages);
    const [row] = await shop.database.db.select({ images: products.images }).from(products).where(eq(products.id, '3'));
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const bodies: [string, Buffer, string][] = [
      ['text named .png', Buffer.from('hello, this is not a picture'), 'image/png'],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml'],
      ['a GIF', gif, 'image/gif'],
      ['a PNG cut in half', png.subarray(0, Math.floor(png.length / 2)), 'image/png'],
      ['only a PNG signature', png.subarray(0, 8), 'image/png'],
      ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n'), 'application/pdf'],
      ['empty', Buffer.alloc(0), 'image/png'],
      ['6 MB', Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), 'image/png'],
    ];
    for (const [name, body, type] of bodies) {
      const response = await asOwner(owner, 'POST', '/api/admin/products/3/images', body, { 'content-type': type });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message, name).toBe(IMAGE_REFUSED);
    }
    const unknown = await asOwner(owner, 'POST', '/api/admin/products/nope/images', png, { 'content-type': 'image/png' });
    expect(unknown.statusCode).toBe(404);
    expect(await uploadedFiles()).toEqual(before);
    expect(await shop.database.db.$count(productImages)).toBe(storedBefore);
    expect((await shop.database.db.select({ images: products.images }).from(products).where(eq(products.id, '3')))[0]).toEqual(row);
  });

  it('reorders images (the first becomes the main one) and deletes one by its name', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const detail = (await asOwner(owner, 'GET', '/api/admin/products/4')).json();
    const images: string[] = detail.product.images;
    expect(images.length).toBeGreaterThanOrEqual(2);
    const reversed = [...images].reverse();

    const reordered = await asOwner(owner, 'PUT', '/api/admin/products/4/images', { images: reversed });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().product.images).toEqual(reversed);
    let marker = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products.find((product: { id: string }) => product.id === '4');
    expect(marker.image).toBe(reversed[0]);

    for (const wrong of [[...reversed, '/uploads/products/x-800.webp'], reversed.slice(1), [reversed[0], reversed[0]]]) {
      const response = await asOwner(owner, 'PUT', '/api/admin/products/4/images', { images: wrong });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('The product’s images have changed since this page loaded. Reload it and try again.');
    }

    const name = reversed[0]!.split('/').at(-1)!;
    const deleted = await asOwner(owner, 'DELETE', `/api/admin/products/4/images/${encodeURIComponent(name)}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().product.images).toEqual(reversed.slice(1));
    marker = (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products.find((product: { id: string }) => product.id === '4');
    expect(marker.image).toBe(reversed[1]);
    const again = await asOwner(owner, 'DELETE', `/api/admin/products/4/images/${encodeURIComponent(name)}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This product has no such image.');

    await asOwner(owner, 'PUT', '/api/admin/products/4/images', { images: reversed.slice(1) });
    await shop.database.db.update(products).set({ images, mainImage: images[0] }).where(eq(products.id, '4'));
    await shop.app.catalogue.reload();
  });
});

describe('the product schemas’ refusals, in the owner’s language', () => {
  const ROMANIAN = { 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8' };
  const cases: { name: string; method: Method; url: string; body: unknown; en: string; ro: string }[] = [
    { name: 'name missing', method: 'POST', url: '/api/admin/products', body: { description: 'x', price: 100 }, en: 'Name must be text.', ro: 'Câmpul „Nume” trebuie să fie text.' },
    { name: 'name blank', method: 'PATCH', url: '/api/admin/products/1', body: { name: '  ' }, en: 'Name is required.', ro: 'Completează câmpul „Nume”.' },
    {
      name: 'price too high',
      method: 'POST',
      url: '/api/admin/products',
      body: { ...newProduct, price: 1_000_001 },
      en: 'Price must be at most 10,000.00 RON.',
      ro: 'Câmpul „Preț” trebuie să fie de cel mult 10.000,00\u00a0lei.',
    },
    {
      name: 'too many key features',
      method: 'POST',
      url: '/api/admin/products',
      body: { ...newProduct, keyFeatures: Array.from({ length: 13 }, (_, n) => `Feature ${n}`) },
      en: 'A product can have at most 12 key features.',
      ro: 'Un produs poate avea cel mult 12 caracteristici principale.',
    },
    { name: 'bad slug', method: 'PATCH', url: '/api/admin/products/1', body: { slug: 'Phone Charger' }, en: SLUG_REFUSED, ro: 'Folosește pentru adresă litere mici, cifre și cratime.' },
    {
      name: 'duplicate colour',
      method: 'PATCH',
      url: '/api/admin/products/1',
      body: {
        colourOptions: [
          { name: 'Black', available: true },
          { name: 'black', available: false },
        ],
      },
      en: 'Each colour may appear only once.',
      ro: 'Fiecare culoare poate apărea o singură dată.',
    },
    { name: 'unknown field', method: 'POST', url: '/api/admin/products', body: { ...newProduct, oldPrice: 9999 }, en: 'Unknown field: oldPrice.', ro: 'Câmp necunoscut: oldPrice.' },
    { name: 'unknown field in an image order', method: 'PUT', url: '/api/admin/products/1/images', body: { images: [], main: 0 }, en: 'Unknown field: main.', ro: 'Câmp necunoscut: main.' },
    {
      name: 'colour stock negative',
      method: 'PATCH',
      url: '/api/admin/products/1',
      body: { colourOptions: [{ name: 'Black', available: true, stock: -1 }] },
      en: 'Colour stock cannot be negative.',
      ro: 'Câmpul „Stocul culorii” nu poate fi negativ.',
    },
  ];

  it.each(cases)('$name: 400 in English, and the same in Romanian (Accept-Language or the lang cookie)', async ({ method, url, body, en, ro }) => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const english = await asOwner(owner, method, url, body);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ error: 'bad_request', message: en });
    const romanian = await asOwner(owner, method, url, body, ROMANIAN);
    expect(romanian.statusCode).toBe(400);
    expect(romanian.json()).toEqual({ error: 'bad_request', message: ro });
    // The switch's cookie outranks the browser's language.
    const chosen = await asOwner(owner, method, url, body, { cookie: `${owner.cookie}; lang=ro` });
    expect(chosen.json().message).toBe(ro);
  });
});
