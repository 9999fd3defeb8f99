import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, paymentAlerts } from '../../../db/schema/orders';
import { TEST_ORIGIN } from '../../../testing/app';
import { cardOrder, sendWebhook, setUpCardShop, WEBHOOK_SECRET } from '../../../testing/cardShop';
import { createStripeGateway, type PaymentGateway } from '../../integrations/stripe';
import { reconcileCardOrders } from './stripeEvents';

const shop = setUpCardShop();

describe('card orders whose settling moment was missed', () => {
  const checkoutWith = (stripe: PaymentGateway) => ({ db: shop.database.db, payments: { db: shop.database.db, gateway: stripe, publicUrl: TEST_ORIGIN } });
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  /**
   * A card order placed `age` ago with its session: paid at Stripe with `paid` (its session returned as `charged`);
   * otherwise, placed over a day ago, its session has expired, as Stripe expires an unpaid one after 24 hours.
   */
  async function cardOrderPlaced(age: Date, options: { withoutSession?: boolean; paid?: boolean } = {}) {
    const { id, checkoutUrl } = (await shop.app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '3', quantity: 1 }]) })).json();
    await shop.database.db
      .update(orders)
      .set({ createdAt: age, ...(options.withoutSession ? { stripeSessionId: null } : {}) })
      .where(eq(orders.id, id));
    const sessionId = checkoutUrl.split('/').at(-1) as string;
    const charged = options.paid ? shop.fake.markPaid(sessionId) : undefined;
    if (!options.paid && Date.now() - age.getTime() > 24 * 3_600_000) Object.assign(shop.fake.sessions.get(sessionId)!, { status: 'expired', url: null });
    return { id, sessionId, charged };
  }
  const statusOf = async (id: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('cancels those that never got a session, and settles expired sessions with Stripe’s word; recent ones wait', async () => {
    const noSession = await cardOrderPlaced(hoursAgo(1), { withoutSession: true });
    const recentNoSession = await cardOrderPlaced(hoursAgo(0.2), { withoutSession: true });
    const paidWebhookLost = await cardOrderPlaced(hoursAgo(26), { paid: true });
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
    const exact = await cardOrderPlaced(hoursAgo(26), { paid: true });
    const short = await cardOrderPlaced(hoursAgo(26), { paid: true });
    const charged = short.charged!;
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

  it('a card order whose session was replaced (a replay after Stripe’s window) is not cancelled by the old session’s expiry, nor by reconciliation while the new one is open', async () => {
    const body = cardOrder([{ productId: '3', quantity: 1 }]);
    const first = (await shop.app.inject({ method: 'POST', url: '/api/orders', payload: body })).json();
    shop.fake.idempotencyWindow(0);
    try {
      const again = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: body });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().checkoutUrl).not.toBe(first.checkoutUrl);
    } finally {
      shop.fake.idempotencyWindow(24 * 3_600_000);
    }
    const oldSession = first.checkoutUrl.split('/').at(-1) as string;
    // Stripe tells of the old session's expiry (the shop expired it): the order waits on its new session.
    const told = await sendWebhook(shop.app, {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { ...shop.fake.sessions.get(oldSession)!, status: 'expired' } },
    });
    expect(told.statusCode).toBe(200);
    expect((await statusOf(first.id)).status).toBe('awaiting_payment');
    // A day on, reconciliation asks Stripe of the new session: still open, so the order still waits.
    await shop.database.db
      .update(orders)
      .set({ createdAt: hoursAgo(26) })
      .where(eq(orders.id, first.id));
    await reconcileCardOrders(checkoutWith(shop.gateway));
    expect((await statusOf(first.id)).status).toBe('awaiting_payment');
  });
});
