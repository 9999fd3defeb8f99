import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { cardOrder, setUpCardShop } from '../../../testing/cardShop';
import { sampleOrder } from '../../../testing/sampleOrder';

// Stripe answering slowly or not at all must cost the card buyer a clear message within seconds and
// cost cash-on-delivery buyers nothing.
const shop = setUpCardShop({ stripeTimeoutMs: 300 });

const cashOrders = (count: number, tag: string) =>
  Array.from({ length: count }, (_, index) =>
    shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: `cod-${tag}-${index}@example.ro`, lines: [{ productId: '5', quantity: 1 }] }) }),
  );

async function expectCardOrderRefused(order: ReturnType<typeof cardOrder>) {
  const started = Date.now();
  const response = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: order });
  expect(response.statusCode).toBe(502);
  expect(response.json().message).toBe('Failed to create Stripe checkout session');
  expect(await shop.database.db.select().from(orders).where(eq(orders.idempotencyKey, order.idempotencyKey))).toEqual([]);
  return Date.now() - started;
}

describe('when Stripe is slow or down', () => {
  it('a slow Stripe: the card order is given up within its timeouts and leaves nothing; cash orders meanwhile are placed', async () => {
    shop.fake.slowDown(5_000);
    try {
      const card = expectCardOrderRefused(cardOrder([{ productId: '1', quantity: 1, colour: 'Black' }]));
      const cash = await Promise.all(cashOrders(10, 'slow'));
      expect(cash.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
      // Two tries of 300 ms each, plus the SDK's pause between them: far below Stripe's 5 s.
      expect(await card).toBeLessThan(4_000);
    } finally {
      shop.fake.slowDown(0);
    }
  });

  it('Stripe down: card orders get the message and leave nothing; cash orders and health are unaffected', async () => {
    await shop.fake.close();
    await expectCardOrderRefused(cardOrder([{ productId: '2', quantity: 1 }]));
    const cash = await Promise.all(cashOrders(5, 'down'));
    expect(cash.map((response) => response.statusCode)).toEqual(Array(5).fill(201));
    const placed = await shop.database.db.select().from(orders).where(eq(orders.paymentMethod, 'cod'));
    expect(placed.filter((order) => order.email.startsWith('cod-')).length).toBe(15);
    expect((await shop.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
