import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, seeds } from '../../../db/schema/catalog';
import { orderLines } from '../../../db/schema/orders';
import { seedCatalog } from '../../../db/seed';
import { BUILT_IN_PRODUCTS } from '../../../domain/builtInProducts';
import type { Product } from '../../../domain/catalog';
import { setUpTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { changeOrderStatus } from '../orders/status';

const shop = setUpTestApp();
const ROMANIAN = { 'accept-language': 'ro-RO,ro;q=0.9' };

const catalogue = (headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url: '/api/products', headers });
const lighterColours = async () => (await shop.database.db.select({ colours: products.colourOptions }).from(products).where(eq(products.id, '1')))[0]!.colours;

describe("the products' own texts in the visitor's language", () => {
  it('serves the catalogue in Romanian to a Romanian browser, and in English otherwise, each with its own ETag', async () => {
    const english = await catalogue();
    const romanian = await catalogue(ROMANIAN);
    const byCookie = await catalogue({ cookie: 'lang=ro', 'accept-language': 'en-US' });
    expect(romanian.headers.vary).toMatch(/Accept-Language/);
    expect(romanian.headers.vary).toMatch(/Cookie/);
    expect(byCookie.body).toBe(romanian.body);
    const [lighter] = romanian.json().products as Product[];
    expect(lighter).toMatchObject({
      id: '1',
      slug: 'dummy-lighter',
      name: 'Brichetă cu ascunzătoare',
      description: BUILT_IN_PRODUCTS[0]!.translations.ro!.description,
      keyFeatures: BUILT_IN_PRODUCTS[0]!.translations.ro!.keyFeatures,
      price: 3999,
    });
    expect(lighter!.colourOptions.map(({ name, label }) => [name, label])).toEqual([
      ['Black', 'Negru'],
      ['Red', 'Roșu'],
      ['Blue', 'Albastru'],
    ]);
    expect(english.json().products.map((product: Product) => product.name)).toEqual(BUILT_IN_PRODUCTS.map((product) => product.name));
    expect(romanian.json().products.map((product: Product) => product.name)).toEqual(BUILT_IN_PRODUCTS.map((product) => product.translations.ro!.name));

    // An English copy does not stand for the Romanian one.
    expect(romanian.headers.etag).not.toBe(english.headers.etag);
    expect((await catalogue({ ...ROMANIAN, 'if-none-match': String(english.headers.etag) })).statusCode).toBe(200);
    expect((await catalogue({ ...ROMANIAN, 'if-none-match': String(romanian.headers.etag) })).statusCode).toBe(304);
  });

  it('keeps on each order line the name and colour the customer read, while stock goes by the colour itself', async () => {
    const colours = await lighterColours();
    await shop.database.db
      .update(products)
      .set({ colourOptions: colours.map((colour) => (colour.name === 'Black' ? { ...colour, stock: 5 } : colour)) })
      .where(eq(products.id, '1'));
    await shop.app.catalogue.reload();
    try {
      const placed = await shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: ROMANIAN,
        payload: sampleOrder({
          lines: [
            { productId: '1', quantity: 2, colour: 'Black' },
            { productId: '3', quantity: 1 },
          ],
        }),
      });
      expect(placed.statusCode).toBe(201);
      const { id } = placed.json();
      const stored = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id);
      expect(stored.map(({ name, colour, colourLabel }) => [name, colour, colourLabel])).toEqual([
        ['Brichetă cu ascunzătoare', 'Black', 'Negru'],
        ['Curea cu compartiment secret', null, null],
      ]);
      expect((await lighterColours()).find((colour) => colour.name === 'Black')?.stock).toBe(3);

      const view = (await shop.app.inject({ method: 'GET', url: `/api/orders/${id}?email=ana@example.ro` })).json();
      expect(view.lines.map((line: { name: string; colour: string | null }) => [line.name, line.colour])).toEqual([
        ['Brichetă cu ascunzătoare', 'Negru'],
        ['Curea cu compartiment secret', null],
      ]);
      const owner = await signUpOwner(shop.app, shop.database.db);
      const admin = await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } });
      expect(admin.json().lines.map((line: { name: string; colour: string | null }) => [line.name, line.colour])).toEqual(
        view.lines.map((line: { name: string; colour: string | null }) => [line.name, line.colour]),
      );

      // A later edit of the product's texts does not rewrite the order; cancelling puts the units back to the colour.
      await shop.database.db.update(products).set({ translations: {} }).where(eq(products.id, '1'));
      expect((await shop.app.inject({ method: 'GET', url: `/api/orders/${id}?email=ana@example.ro` })).json().lines[0]).toMatchObject({ name: 'Brichetă cu ascunzătoare', colour: 'Negru' });
      expect(await changeOrderStatus(shop.database.db, id, 'cancelled', { actor: 'owner' })).toBe('changed');
      expect((await lighterColours()).find((colour) => colour.name === 'Black')?.stock).toBe(5);
    } finally {
      await shop.database.db.update(products).set({ translations: BUILT_IN_PRODUCTS[0]!.translations, colourOptions: colours }).where(eq(products.id, '1'));
    }
  });

  it('says "Only N left" with the names the customer reads', async () => {
    await shop.database.db.update(products).set({ stock: 1 }).where(eq(products.id, '2'));
    try {
      const refused = await shop.app.inject({ method: 'POST', url: '/api/orders', headers: ROMANIAN, payload: sampleOrder({ lines: [{ productId: '2', quantity: 2 }] }) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('A mai rămas doar 1 bucată din Cheie auto cu ascunzătoare');
    } finally {
      await shop.database.db.update(products).set({ stock: null }).where(eq(products.id, '2'));
    }
  });

  it('gives a shop seeded before translations the Romanian texts once, leaving products the owner renamed alone', async () => {
    const { db } = shop.database;
    await db.update(products).set({ translations: {} });
    await db.update(products).set({ name: 'Renamed Belt' }).where(eq(products.id, '3'));
    await db.delete(seeds).where(eq(seeds.name, 'catalog-translations-v1'));
    expect(await seedCatalog(db)).toBe(false);
    const rows = await db.select({ id: products.id, translations: products.translations }).from(products).orderBy(products.id);
    expect(rows.map((row) => row.translations.ro?.name ?? null)).toEqual([
      'Brichetă cu ascunzătoare',
      'Cheie auto cu ascunzătoare',
      null,
      'Marker cu ascunzătoare',
      'Încărcător de telefon cu ascunzătoare',
    ]);
    // Once only: a translation the owner later clears stays cleared.
    await db.update(products).set({ translations: {} }).where(eq(products.id, '1'));
    await seedCatalog(db);
    expect((await db.select({ translations: products.translations }).from(products).where(eq(products.id, '1')))[0]!.translations).toEqual({});
    await db.update(products).set({ name: BUILT_IN_PRODUCTS[2]!.name, translations: BUILT_IN_PRODUCTS[2]!.translations }).where(eq(products.id, '3'));
    await db.update(products).set({ translations: BUILT_IN_PRODUCTS[0]!.translations }).where(eq(products.id, '1'));
  });
});

describe('the owner translates a product in the back office', () => {
  it('saves its Romanian texts, which the Romanian shop shows at once, and refuses bad ones with a message', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const headers = { cookie: owner.cookie, origin: TEST_ORIGIN };
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers,
      payload: {
        name: 'Dummy Wallet',
        description: 'A wallet.',
        price: 4999,
        colourOptions: [{ name: 'Brown', available: true }],
        translations: { ro: { name: 'Portofel cu ascunzătoare', keyFeatures: ['Buzunar secret'], colours: { Brown: 'Maro' } } },
      },
    });
    expect(created.statusCode).toBe(201);
    const { id, translations } = created.json().product;
    expect(translations).toEqual({ ro: { name: 'Portofel cu ascunzătoare', keyFeatures: ['Buzunar secret'], colours: { Brown: 'Maro' } } });

    const inShop = async (language: Record<string, string>) => ((await catalogue(language)).json().products as Product[]).find((product) => product.id === id)!;
    expect(await inShop(ROMANIAN)).toMatchObject({ name: 'Portofel cu ascunzătoare', description: 'A wallet.', keyFeatures: ['Buzunar secret'], colourOptions: [{ name: 'Brown', label: 'Maro' }] });
    expect(await inShop({})).toMatchObject({ name: 'Dummy Wallet', keyFeatures: [], colourOptions: [{ name: 'Brown', label: 'Brown' }] });

    const changed = await shop.app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers, payload: { translations: { ro: { description: 'Un portofel.' } } } });
    expect(changed.statusCode).toBe(200);
    expect(await inShop(ROMANIAN)).toMatchObject({ name: 'Dummy Wallet', description: 'Un portofel.', colourOptions: [{ label: 'Brown' }] });

    const tooLong = await shop.app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers: { ...headers, ...ROMANIAN }, payload: { translations: { ro: { name: 'x'.repeat(121) } } } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Câmpul „Nume în română” este prea lung (cel mult 120 de caractere).');
    const misspelt = await shop.app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers, payload: { translations: { ro: { title: 'x' } } } });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().message).toBe('Unknown field: title.');
    const blankColour = await shop.app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers, payload: { translations: { ro: { colours: { Brown: ' ' } } } } });
    expect(blankColour.json().message).toBe('Colour name in Romanian is required.');
    expect(await inShop(ROMANIAN)).toMatchObject({ description: 'Un portofel.' });
    await shop.app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers, payload: { active: false } });
  });
});
