import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, paymentAlerts } from '../../../db/schema/orders';
import { TEST_ORIGIN } from '../../../testing/app';
import { cardOrder, setUpCardShop, WEBHOOK_SECRET } from '../../../testing/cardShop';
import { createStripeGateway, type PaymentGateway } from '../../integrations/stripe';
import { reconcileCardOrders } from './stripeEvents';

const shop = setUpCardShop();

describe('card orders whose settling moment was missed', () => {
  const checkoutWith = (stripe: PaymentGateway) => ({ db: shop.database.db, payments: { db: shop.database.db, gateway: stripe, publicUrl: TEST_ORIGIN } });
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  async function cardOrderPlaced(age: Date, options: { withoutSession?: boolean } = {}) {
    const { id, checkoutUrl } = (await shop.app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '3', quantity: 1 }]) })).json();
    await shop.database.db
      .update(orders)
      .set({ createdAt: age, ...(options.withoutSession ? { stripeSessionId: null } : {}) })
      .where(eq(orders.id, id));
    return { id, sessionId: checkoutUrl.split('/').at(-1) as string };
  }
  const statusOf = async (id: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('cancels those that never got a session, and settles expired sessions with Stripe’s word; recent ones wait', async () => {
    const noSession = await cardOrderPlaced(hoursAgo(1), { withoutSession: true });
    const recentNoSession = await cardOrderPlaced(hoursAgo(0.2), { withoutSession: true });
    const paidWebhookLost = await cardOrderPlaced(hoursAgo(26));
    shop.fake.markPaid(paidWebhookLost.sessionId);
    const neverPaid = await cardOrderPlaced(hoursAgo(26));
    const stillOpen = await cardOrderPlaced(hoursAgo(2));

    const result = await reconcileCardOrders(checkoutWith(shop.gateway));
    expect(result.paid).toBeGreaterThanOrEqual(1);
    expect(result.cancelled).toBeGreaterThanOrEqual(2);
    expect((await statusOf(noSession.id)).status).toBe('cancelled');
    expect(await statusOf(paidWebhookLost.id)).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    expect((await statusOf(neverPaid.id)).status).toBe('cancelled');
    expect((await statusOf(recentNoSession.id)).status).toBe('awaiting_payment');
    expect((await statusOf(stillOpen.id)).status).toBe('awaiting_payment');

    // A second run, or another process running it, changes nothing more.
    await reconcileCardOrders(checkoutWith(shop.gateway));
    expect((await statusOf(paidWebhookLost.id)).status).toBe('paid');
  });

  it('compares what Stripe charged with the order when it settles a lost payment, as the webhook does', async () => {
    const exact = await cardOrderPlaced(hoursAgo(26));
    shop.fake.markPaid(exact.sessionId);
    const short = await cardOrderPlaced(hoursAgo(26));
    const charged = shop.fake.markPaid(short.sessionId);
    charged.amount_total = (charged.amount_total as number) - 500;

    await reconcileCardOrders(checkoutWith(shop.gateway));
    expect(await statusOf(short.id)).toMatchObject({ status: 'paid' });
    const alertsOf = (orderId: string) => shop.database.db.select().from(paymentAlerts).where(eq(paymentAlerts.orderId, orderId));
    expect(await alertsOf(short.id)).toMatchObject([{ kind: 'amount_mismatch', stripeSessionId: short.sessionId, amount: charged.amount_total as number, currency: 'ron' }]);
    expect(await alertsOf(exact.id)).toEqual([]);
    expect(await statusOf(exact.id)).toMatchObject({ status: 'paid' });
  });

  it('leaves an order with a session alone while Stripe cannot be asked', async () => {
    const order = await cardOrderPlaced(hoursAgo(30));
    const unreachable = await createStripeGateway({ secretKey: 'sk_test_shop', webhookSecret: WEBHOOK_SECRET, apiUrl: 'http://127.0.0.1:9' });
    await reconcileCardOrders(checkoutWith(unreachable));
    expect((await statusOf(order.id)).status).toBe('awaiting_payment');
    await reconcileCardOrders(checkoutWith(shop.gateway));
    expect((await statusOf(order.id)).status).toBe('cancelled');
  });
});
