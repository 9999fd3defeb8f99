import { count, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { orderLines, orders } from '../../../db/schema/orders';
import { orderRequestSchema } from '../../../domain/checkout';
import { setUpTestApp } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { placeOrder } from '../orders/place';
import { changeOrderStatus } from '../orders/status';

const shop = setUpTestApp();

const setStock = (id: string, stock: number | null, active = true) => shop.database.db.update(products).set({ stock, active }).where(eq(products.id, id));

// Every test leaves the shared products as they were (not counted, shown), whether it passes or fails.
afterEach(async () => {
  await shop.database.db.update(products).set({ stock: null, active: true });
});
async function stockOf(id: string) {
  const [row] = await shop.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}
// The lighter has colours (its stock per product is counted here, whatever the colour): it is ordered in black.
const order = (productId: string, quantity: number) =>
  shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines: [{ productId, quantity, colour: productId === '1' ? 'Black' : null }] }) });
async function orderCount() {
  const [row] = await shop.database.db.select({ n: count() }).from(orders);
  return row!.n;
}

describe('stock taken by orders', () => {
  it('twenty concurrent orders for the last five units: exactly five succeed, the others 409 and write nothing', async () => {
    await setStock('2', 5);
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => order('2', 1)));
    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('out_of_stock');
      expect(answer.json().message).toMatch(/^(Only [1-4] left of Dummy Car Key|Dummy Car Key is sold out)$/);
    }
    expect(await stockOf('2')).toBe(0);
    expect(await orderCount()).toBe(before + 5);
    const lines = await shop.database.db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          placed.map((answer) => answer.json().id),
        ),
      );
    expect(lines.map((line) => line.stockTaken)).toEqual([1, 1, 1, 1, 1]);

    // Sold out now: the next one is told so, and the storefront says it.
    const late = await order('2', 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Dummy Car Key is sold out');
    // The order that took the last one NOTIFYd the catalogue at commit; it is reloaded within moments.
    const shown = async () => (await shop.app.inject({ method: 'GET', url: '/api/products' })).json().products.find((product: { id: string }) => product.id === '2');
    await expect.poll(shown, { timeout: 2_000, interval: 20 }).toMatchObject({ soldOut: true, stockLeft: 0 });
  });

  it('twenty concurrent submits of one order (one idempotency key) take its stock once, and every answer names the one order', async () => {
    await setStock('2', 5);
    const before = await orderCount();
    const body = sampleOrder({ lines: [{ productId: '2', quantity: 2 }] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => shop.app.inject({ method: 'POST', url: '/api/orders', payload: body })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await stockOf('2')).toBe(3);
    expect(await orderCount()).toBe(before + 1);
  });

  it('asking for more than is left says how many are left and takes nothing', async () => {
    await setStock('3', 3);
    const before = await orderCount();
    const answer = await order('3', 4);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Only 3 left of Belt with Secret Compartment');
    expect(await stockOf('3')).toBe(3);
    expect(await orderCount()).toBe(before);
    expect((await order('3', 3)).statusCode).toBe(201);
    expect(await stockOf('3')).toBe(0);
  });

  it('never refuses a product whose stock is not counted', async () => {
    await setStock('4', null);
    const answers = await Promise.all(Array.from({ length: 5 }, () => order('4', 50)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await stockOf('4')).toBeNull();
  });

  it('refuses a hidden product with 409, whatever its stock', async () => {
    await setStock('5', 10, false);
    const before = await orderCount();
    const answer = await order('5', 1);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Dummy Phone Charger is no longer sold. Please remove it from your cart.');
    expect(await stockOf('5')).toBe(10);
    expect(await orderCount()).toBe(before);
  });
});

describe('stock put back', () => {
  it('a paid order for more than is left takes what is left, and its cancellation gives back only that', async () => {
    await setStock('2', 2);
    const request = orderRequestSchema.parse(sampleOrder({ lines: [{ productId: '2', quantity: 5 }] }));
    const placed = await placeOrder(shop.database.db, request, { status: 'paid', actor: 'stripe' });
    expect(await stockOf('2')).toBe(0);
    const [line] = await shop.database.db.select({ stockTaken: orderLines.stockTaken }).from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(line!.stockTaken).toBe(2);
    expect(await changeOrderStatus(shop.database.db, placed.id, 'cancelled', { actor: 'owner', note: 'Refunded: out of stock' })).toBe('changed');
    expect(await stockOf('2')).toBe(2);
  });

  it('cancelling puts the stock back exactly once', async () => {
    await setStock('1', 4);
    const placed = await order('1', 3);
    expect(placed.statusCode).toBe(201);
    expect(await stockOf('1')).toBe(1);
    const id = placed.json().id;
    expect(await changeOrderStatus(shop.database.db, id, 'cancelled', { actor: 'owner', note: 'Customer changed their mind' })).toBe('changed');
    expect(await stockOf('1')).toBe(4);
    // A second cancellation is not a move the flow allows: nothing is put back twice.
    expect(await changeOrderStatus(shop.database.db, id, 'cancelled', { actor: 'owner' })).toBe('not_allowed');
    expect(await stockOf('1')).toBe(4);
  });

  it('a returned parcel (confirmed, shipped, returned) puts the stock back once', async () => {
    await setStock('1', 2);
    const placed = await order('1', 2);
    expect(placed.statusCode).toBe(201);
    const id = placed.json().id;
    expect(await stockOf('1')).toBe(0);
    expect(await changeOrderStatus(shop.database.db, id, 'confirmed', { actor: 'owner' })).toBe('changed');
    expect(await changeOrderStatus(shop.database.db, id, 'shipped', { actor: 'owner', set: { carrier: 'FAN Courier', trackingNumber: 'AWB123' } })).toBe('changed');
    expect(await stockOf('1')).toBe(0);
    const results = await Promise.all([
      changeOrderStatus(shop.database.db, id, 'returned', { actor: 'owner', note: 'Refused at the door' }),
      changeOrderStatus(shop.database.db, id, 'returned', { actor: 'owner', note: 'Refused at the door' }),
    ]);
    expect(results.sort()).toEqual(['changed', 'not_allowed']);
    expect(await stockOf('1')).toBe(2);
  });

  it('an order placed while stock was not counted puts nothing back when counting starts later', async () => {
    await setStock('1', null);
    const placed = await order('1', 2);
    await setStock('1', 5);
    expect(await changeOrderStatus(shop.database.db, placed.json().id, 'cancelled', { actor: 'owner' })).toBe('changed');
    expect(await stockOf('1')).toBe(5);
  });
});
