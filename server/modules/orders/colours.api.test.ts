import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orderLines, orders } from '../../../db/schema/orders';
import { orderRequestSchema } from '../../../domain/checkout';
import { setUpTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { lighterColours, SEEDED_LIGHTER_COLOURS } from '../../../testing/lighterColours';
import { sampleOrder } from '../../../testing/sampleOrder';
import { placeOrder } from './place';
import { changeOrderStatus } from './status';

const shop = setUpTestApp();

const lighter = lighterColours(shop);
const setColours = lighter.set;

// Every test leaves the lighter's colours as seeded, whether it passes or fails.
afterEach(async () => {
  await setColours(SEEDED);
});

const stockOf = lighter.stockOf;
const order = (lines: { productId: string; quantity: number; colour?: string | null }[], overrides: Record<string, unknown> = {}) =>
  shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines, ...overrides }) });
async function orderCount() {
  const [row] = await shop.database.db.select({ n: count() }).from(orders);
  return row!.n;
}
const lighterInShop = async () => (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products.find((product: { id: string }) => product.id === '1');

const SEEDED = SEEDED_LIGHTER_COLOURS;

describe('the colour travels with the order line', () => {
  it('two colours of one product are two lines, stored and shown with their colours', async () => {
    await setColours([
      { name: 'Black', available: true },
      { name: 'Red', available: false },
      { name: 'Blue', available: true },
    ]);
    const placed = await order([
      { productId: '1', quantity: 2, colour: 'Black' },
      { productId: '1', quantity: 1, colour: 'blue' },
      { productId: '5', quantity: 1 },
    ]);
    expect(placed.statusCode).toBe(201);
    const { id } = placed.json();
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id);
    // The colour is stored as the product names it, whatever case the request used.
    expect(lines.map(({ productId, colour, quantity }) => ({ productId, colour, quantity }))).toEqual([
      { productId: '1', colour: 'Black', quantity: 2 },
      { productId: '1', colour: 'Blue', quantity: 1 },
      { productId: '5', colour: null, quantity: 1 },
    ]);
    const view = (await shop.app.inject({ method: 'GET', url: `/api/orders/${id}?email=ana@example.ro` })).json();
    expect(view.lines.map((line: { name: string; colour: string | null }) => [line.name, line.colour])).toEqual([
      ['Dummy Lighter', 'Black'],
      ['Dummy Lighter', 'Blue'],
      ['Dummy Phone Charger', null],
    ]);
    expect(view.total).toBe(3 * 3999 + 2499 + 1999);

    // The back office sees them too.
    const owner = await signUpOwner(shop.app, shop.database.db);
    const admin = await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } });
    expect(admin.json().lines.map((line: { colour: string | null }) => line.colour)).toEqual(['Black', 'Blue', null]);
  });

  it('refuses a colour the product does not have, or none for a product with colours, with 400 and writes nothing', async () => {
    const before = await orderCount();
    const unknown = await order([{ productId: '1', quantity: 1, colour: 'Green' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown_colour', message: 'Dummy Lighter has no colour Green. Please refresh the shop and try again.' });
    const none = await order([{ productId: '1', quantity: 1 }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'colour_required', message: 'Choose a colour of Dummy Lighter.' });
    const onPlainProduct = await order([{ productId: '4', quantity: 1, colour: 'Black' }]);
    expect(onPlainProduct.statusCode).toBe(400);
    expect(onPlainProduct.json().message).toBe('Dummy Marker has no colour Black. Please refresh the shop and try again.');
    expect(await orderCount()).toBe(before);
  });

  it('refuses a colour switched off (Sold Out) with 409, even beside a good line, and writes nothing', async () => {
    await setColours([
      { name: 'Black', available: true, stock: 4 },
      { name: 'Red', available: false },
    ]);
    const before = await orderCount();
    const answer = await order([
      { productId: '1', quantity: 1, colour: 'Black' },
      { productId: '1', quantity: 1, colour: 'Red' },
    ]);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'out_of_stock', message: 'Dummy Lighter (Red) is sold out' });
    expect(await orderCount()).toBe(before);
    expect(await stockOf('Black')).toBe(4);
  });

  it('a retry with the same key but another colour is a different order: 409', async () => {
    await setColours([
      { name: 'Black', available: true },
      { name: 'Blue', available: true },
    ]);
    const first = sampleOrder({ lines: [{ productId: '1', quantity: 1, colour: 'Black' }] });
    expect((await shop.app.inject({ method: 'POST', url: '/api/orders', payload: first })).statusCode).toBe(201);
    expect((await shop.app.inject({ method: 'POST', url: '/api/orders', payload: first })).statusCode).toBe(200);
    const other = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: { ...first, lines: [{ productId: '1', quantity: 1, colour: 'Blue' }] } });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_key_reused');
  });

  it('a paid single-product purchase (no colour chosen) is kept without one', async () => {
    const request = orderRequestSchema.parse(sampleOrder({ paymentMethod: 'card', lines: [{ productId: '1', quantity: 1 }] }));
    const placed = await placeOrder(shop.database.db, request, { status: 'paid', actor: 'stripe' });
    const [line] = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(line).toMatchObject({ productId: '1', colour: null, quantity: 1 });
  });
});

describe("a colour's own stock", () => {
  it('is taken by orders for that colour, says how many are left, and the shop shows it', async () => {
    await setColours([
      { name: 'Black', available: true, stock: 3 },
      { name: 'Blue', available: true, stock: null },
      { name: 'Red', available: true, stock: 0 },
    ]);
    expect((await lighterInShop()).colourOptions).toEqual([
      { name: 'Black', label: 'Black', available: true, stockLeft: 3 },
      { name: 'Blue', label: 'Blue', available: true, stockLeft: null },
      { name: 'Red', label: 'Red', available: false, stockLeft: 0 },
    ]);

    const placed = await order([
      { productId: '1', quantity: 2, colour: 'Black' },
      { productId: '1', quantity: 5, colour: 'Blue' },
    ]);
    expect(placed.statusCode).toBe(201);
    expect(await stockOf('Black')).toBe(1);
    expect(await stockOf('Blue')).toBeNull();
    // The order changed what the shop says of Black: every process's catalogue is told (NOTIFY) and reloads.
    await expect.poll(async () => (await lighterInShop()).colourOptions[0], { timeout: 2_000, interval: 20 }).toEqual({ name: 'Black', label: 'Black', available: true, stockLeft: 1 });
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.json().id)).orderBy(orderLines.id);
    expect(lines.map((line) => [line.colour, line.colourStockTaken])).toEqual([
      ['Black', 2],
      ['Blue', 0],
    ]);

    const before = await orderCount();
    const tooMany = await order([{ productId: '1', quantity: 2, colour: 'Black' }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'out_of_stock', message: 'Only 1 left of Dummy Lighter (Black)' });
    const soldOut = await order([{ productId: '1', quantity: 1, colour: 'Red' }]);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('Dummy Lighter (Red) is sold out');
    expect(await orderCount()).toBe(before);
    expect(await stockOf('Black')).toBe(1);

    // Cancelling gives the colour its units back, once.
    expect(await changeOrderStatus(shop.database.db, placed.json().id, 'cancelled', { actor: 'owner' })).toBe('changed');
    expect(await stockOf('Black')).toBe(3);
    expect(await changeOrderStatus(shop.database.db, placed.json().id, 'cancelled', { actor: 'owner' })).toBe('not_allowed');
    expect(await stockOf('Black')).toBe(3);
  });

  it('ten concurrent orders for the last three black lighters: exactly three succeed', async () => {
    await setColours([
      { name: 'Black', available: true, stock: 3 },
      { name: 'Blue', available: true, stock: 10 },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        order([
          { productId: '1', quantity: 1, colour: 'Black' },
          { productId: '1', quantity: 1, colour: 'Blue' },
        ]),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    for (const answer of answers.filter((answer) => answer.statusCode !== 201)) expect(answer.statusCode).toBe(409);
    expect(await stockOf('Black')).toBe(0);
    expect(await stockOf('Blue')).toBe(7);
    // No colour left to choose: the whole product is sold out in the shop.
    await setColours([
      { name: 'Black', available: true, stock: 0 },
      { name: 'Blue', available: false, stock: 7 },
    ]);
    expect(await lighterInShop()).toMatchObject({ soldOut: true });
  });

  it('a returned parcel gives the colour its units back; a colour no longer counted gets nothing back', async () => {
    await setColours([
      { name: 'Black', available: true, stock: 2 },
      { name: 'Blue', available: true, stock: 2 },
    ]);
    const placed = await order([
      { productId: '1', quantity: 2, colour: 'Black' },
      { productId: '1', quantity: 1, colour: 'Blue' },
    ]);
    expect(placed.statusCode).toBe(201);
    const id = placed.json().id;
    await setColours([
      { name: 'Black', available: true, stock: 0 },
      { name: 'Blue', available: true, stock: null },
    ]);
    expect(await changeOrderStatus(shop.database.db, id, 'confirmed', { actor: 'owner' })).toBe('changed');
    expect(await changeOrderStatus(shop.database.db, id, 'shipped', { actor: 'owner', set: { carrier: 'FAN Courier', trackingNumber: 'AWB1' } })).toBe('changed');
    expect(await changeOrderStatus(shop.database.db, id, 'returned', { actor: 'owner' })).toBe('changed');
    expect(await stockOf('Black')).toBe(2);
    expect(await stockOf('Blue')).toBeNull();
  });

  it('the owner sets and reads each colour’s stock', async () => {
    const owner = await signUpOwner(shop.app, shop.database.db);
    const headers = { cookie: owner.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' };
    const colourOptions = [
      { name: 'Black', available: true, stock: 7 },
      { name: 'Red', available: false },
    ];
    const changed = await shop.app.inject({ method: 'PATCH', url: '/api/admin/products/1', headers, payload: JSON.stringify({ colourOptions }) });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().product.colourOptions).toEqual([
      { name: 'Black', available: true, stock: 7 },
      { name: 'Red', available: false, stock: null },
    ]);
    expect(await stockOf('Black')).toBe(7);
  });
});
