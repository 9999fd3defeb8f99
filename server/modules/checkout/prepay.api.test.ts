/** A cash order paid by card instead, from its mail's "Pay now by card instead" (issue 47): checkout/service.ts startPrepay, stripeEvents.ts. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoices } from '../../../db/schema/invoices';
import { orderEvents, orders, paymentAlerts } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { cashOnDelivery } from '../../../domain/courier';
import { alteredKey, signUpOwner, TEST_AUTH_SECRET, TEST_ORIGIN } from '../../../testing/app';
import { completed, priceData, sendWebhook, setUpCardShop } from '../../../testing/cardShop';
import { sampleOrder } from '../../../testing/sampleOrder';
import { orderPrepayKey } from '../orders/accessToken';
import { PREPAID_NOTE } from './stripeEvents';

const shop = setUpCardShop();
let owner: { cookie: string; origin: string };

beforeAll(async () => {
  owner = { cookie: (await signUpOwner(shop.app, shop.database.db)).cookie, origin: TEST_ORIGIN };
}, 300_000);

beforeEach(() => {
  shop.fake.requests.length = 0;
});

async function cashOrder() {
  const answer = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: sampleOrder({ email: `prepay-${Date.now()}-${Math.random()}@example.ro`, lines: [{ productId: '2', quantity: 2 }] }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: string; number: number };
}
const prepay = (id: string, key = orderPrepayKey(TEST_AUTH_SECRET, id)) => shop.app.inject({ method: 'POST', url: `/api/orders/${id}/prepay`, payload: { key } });
const rowOf = async (id: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const sessionOf = (url: string) => shop.fake.sessions.get(url.split('/').at(-1)!)!;

describe('Pay now by card instead', () => {
  it('opens Stripe for the same order at its own amounts; paid, it is a paid card order: nothing to collect, invoiced, no new order mail', async () => {
    const order = await cashOrder();
    const before = await rowOf(order.id);
    const answer = await prepay(order.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const sent = shop.lastSessionRequest();
    expect(sent.body.line_items).toEqual([priceData('Dummy Car Key', await shop.shopPrice('2'), 2)]);
    expect(sent.body).toMatchObject({ metadata: { kind: 'prepay', orderId: order.id }, customer_email: before.email });
    expect(sessionOf(answer.json().url).amount_total).toBe(before.totalAmount);
    // Asked again (a second tap): the same session, Stripe's idempotency.
    expect((await prepay(order.id)).json().url).toBe(answer.json().url);
    // Nothing changed on the order until it is paid.
    expect(await rowOf(order.id)).toMatchObject({ status: 'pending', paymentMethod: 'cod', version: before.version });

    const mailsBefore = (await shop.database.db.select().from(outbox).where(eq(outbox.orderId, order.id))).length;
    const paid = await sendWebhook(shop.app, completed(shop.fake.markPaid(answer.json().url.split('/').at(-1))));
    expect(paid.json().result).toBe('paid');
    const after = await rowOf(order.id);
    expect(after).toMatchObject({ status: 'paid', paymentMethod: 'card', paidAt: expect.any(Date) });
    expect(cashOnDelivery({ paymentMethod: after.paymentMethod, total: after.totalAmount })).toBe(0);
    expect(await shop.database.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect(
      await shop.database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'paid'))),
    ).toEqual([expect.objectContaining({ actor: 'stripe', fromStatus: 'pending', note: PREPAID_NOTE })]);
    // The order was placed and told before: no second order mail to the customer, no second New order to the owners.
    expect(await shop.database.db.select().from(outbox).where(eq(outbox.orderId, order.id))).toHaveLength(mailsBefore);
    // The event told again changes nothing.
    expect((await sendWebhook(shop.app, completed(shop.fake.sessions.get(after.stripeSessionId!)!))).json().result).toBe('already_paid');
    // Paid: the link says so.
    expect((await prepay(order.id)).json()).toMatchObject({ code: 'prepay_paid', message: `Order ${order.number} is already paid: there is nothing more to pay.` });
  });

  it('is refused for an order that left or is cancelled (409), and a key of another order or an altered one finds nothing (404)', async () => {
    const post = (id: string, body: object) => shop.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: body, headers: owner });
    const [shipped, cancelled, other] = [await cashOrder(), await cashOrder(), await cashOrder()];
    await post(shipped.id, { to: 'confirmed', version: 1 });
    await post(shipped.id, { to: 'shipped', version: 2, carrier: 'Sameday', trackingNumber: '1SDY9' });
    await post(cancelled.id, { to: 'cancelled', version: 1, reason: 'Duplicate' });
    expect((await prepay(shipped.id)).json()).toMatchObject({ code: 'prepay_shipped' });
    expect((await prepay(cancelled.id)).statusCode).toBe(409);
    expect(shop.fake.requests.filter((request) => request.path === '/v1/checkout/sessions')).toHaveLength(0);
    expect((await prepay(other.id, orderPrepayKey(TEST_AUTH_SECRET, shipped.id))).statusCode).toBe(404);
    expect((await prepay(other.id, alteredKey(orderPrepayKey(TEST_AUTH_SECRET, other.id)))).statusCode).toBe(404);
  });

  it('paid after the parcel left with its cash to collect: kept as it is, and the owners asked to refund one payment', async () => {
    const post = (id: string, body: object) => shop.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: body, headers: owner });
    const order = await cashOrder();
    const url = (await prepay(order.id)).json().url as string;
    await post(order.id, { to: 'confirmed', version: 1 });
    await post(order.id, { to: 'shipped', version: 2, carrier: 'Sameday', trackingNumber: '1SDY8' });
    expect((await sendWebhook(shop.app, completed(shop.fake.markPaid(url.split('/').at(-1)!)))).json().result).toBe('paid_twice');
    expect(await rowOf(order.id)).toMatchObject({ status: 'shipped', paymentMethod: 'cod' });
    expect(await shop.database.db.select().from(paymentAlerts).where(eq(paymentAlerts.orderId, order.id))).toEqual([expect.objectContaining({ kind: 'paid_twice' })]);
  });
});
