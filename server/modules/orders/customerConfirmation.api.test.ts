import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { alteredKey, setUpTestApp, signUpOwner, TEST_AUTH_SECRET, TEST_ORIGIN } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { orderConfirmKey, orderPrepayKey } from './accessToken';
import { CUSTOMER_CONFIRMED_NOTE, remindUnconfirmed } from './customerConfirmation';

// Issue 47: a cash order's "Confirm my order" link, on both databases. Opening its page changes nothing; its button
// confirms once; an order that left, is cancelled or paid says why; another order's or an altered key finds nothing.

const shop = setUpTestApp();
let owner: { cookie: string; origin: string };

beforeAll(async () => {
  owner = { cookie: (await signUpOwner(shop.app, shop.database.db)).cookie, origin: TEST_ORIGIN };
}, 300_000);

async function place(overrides: Record<string, unknown> = {}) {
  const answer = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: `confirm-${Date.now()}-${Math.random()}@example.ro`, ...overrides }) });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: string; number: number };
}

const url = (id: string) => `/api/orders/${id}/confirmation`;
const key = (id: string) => orderConfirmKey(TEST_AUTH_SECRET, id);
const look = (id: string, given = key(id)) => shop.app.inject({ url: `${url(id)}?key=${encodeURIComponent(given)}` });
const confirm = (id: string, given = key(id)) => shop.app.inject({ method: 'POST', url: url(id), payload: { key: given } });
const eventsOf = async (id: string) => shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
const rowOf = async (id: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('the customer’s Confirm my order', () => {
  it('shows the order on opening and changes nothing; its button confirms once, with the customer in the timeline and the list', async () => {
    const order = await place();
    const before = await rowOf(order.id);
    for (let i = 0; i < 3; i++) {
      const opened = await look(order.id);
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toEqual({ number: order.number, total: before.totalAmount, confirmedAt: null, closed: null });
    }
    expect(await rowOf(order.id)).toMatchObject({ version: before.version, customerConfirmedAt: null });
    expect(await eventsOf(order.id)).toHaveLength(1);

    const first = await confirm(order.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ number: order.number, closed: null, confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const again = await confirm(order.id);
    expect(again.json().confirmedAt).toBe(first.json().confirmedAt);
    const events = await eventsOf(order.id);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ actor: 'customer', fromStatus: 'pending', toStatus: 'pending', note: CUSTOMER_CONFIRMED_NOTE });
    // The order moved on (a page showing it before is stale), still pending: the owner still ships it.
    expect(await rowOf(order.id)).toMatchObject({ status: 'pending', version: before.version + 1 });
    const list = await shop.app.inject({ url: `/api/admin/orders?q=${order.number}`, headers: owner });
    expect(list.json().orders[0]).toMatchObject({ number: order.number, customerConfirmedAt: first.json().confirmedAt });
  });

  it('answers 404 to a key of another order, an altered key or none, and changes nothing', async () => {
    const [order, other] = [await place(), await place()];
    for (const given of [key(other.id), alteredKey(key(order.id)), '']) {
      expect((await look(order.id, given)).statusCode).toBe(404);
      expect((await confirm(order.id, given)).statusCode).toBe(404);
    }
    expect((await shop.app.inject({ method: 'POST', url: url(order.id), payload: {} })).statusCode).toBe(400);
    expect(await rowOf(order.id)).toMatchObject({ customerConfirmedAt: null });
  });

  it('pays by card instead only where the cart takes cards: here (cards off, as the shop ships) 400, the order unchanged', async () => {
    const order = await place();
    const prepayKey = orderPrepayKey(TEST_AUTH_SECRET, order.id);
    // Its page reads the order with its own key, not the confirmation's.
    expect((await shop.app.inject({ url: `/api/orders/${order.id}/prepay?key=${prepayKey}` })).json()).toMatchObject({ number: order.number, closed: null });
    expect((await shop.app.inject({ url: `/api/orders/${order.id}/prepay?key=${key(order.id)}` })).statusCode).toBe(404);
    const refused = await shop.app.inject({ method: 'POST', url: `/api/orders/${order.id}/prepay`, payload: { key: prepayKey } });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'payment_method_unavailable']);
    expect(await rowOf(order.id)).toMatchObject({ status: 'pending', paymentMethod: 'cod', stripeSessionId: null });
  });

  it('says why nothing changes on an order that left, is cancelled or is paid by card (409), and confirms one the owner confirmed', async () => {
    const post = (id: string, body: object) => shop.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: body, headers: owner });
    const shipped = await place();
    await post(shipped.id, { to: 'confirmed', version: 1 });
    await post(shipped.id, { to: 'shipped', version: 2, carrier: 'Sameday', trackingNumber: '1SDY1' });
    const cancelled = await place();
    await post(cancelled.id, { to: 'cancelled', version: 1, reason: 'Duplicate' });
    for (const [order, closed, message] of [
      [shipped, 'shipped', `Order ${shipped.number} has already left: there is nothing left to confirm.`],
      [cancelled, 'cancelled', `Order ${cancelled.number} is cancelled: there is nothing to confirm.`],
    ] as const) {
      expect((await look(order.id)).json()).toMatchObject({ closed, confirmedAt: null });
      const refused = await confirm(order.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: `confirmation_${closed}`, message });
      expect(await eventsOf(order.id)).not.toContainEqual(expect.objectContaining({ note: CUSTOMER_CONFIRMED_NOTE }));
    }
    const card = await shop.database.db
      .update(orders)
      .set({ paymentMethod: 'card', status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, (await place()).id))
      .returning({ id: orders.id });
    expect((await confirm(card[0]!.id)).json()).toMatchObject({ code: 'confirmation_paid' });
    // Confirmed by the owner already (they called): the customer may still say so.
    const called = await place();
    await post(called.id, { to: 'confirmed', version: 1 });
    expect((await confirm(called.id)).json()).toMatchObject({ closed: null, confirmedAt: expect.any(String) });
  });

  it('counts refusals at the door apart for the orders customers confirmed, on the dashboard', async () => {
    const post = (id: string, body: object) => shop.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: body, headers: owner });
    const refused = await place();
    await confirm(refused.id);
    await post(refused.id, { to: 'confirmed', version: 2 });
    await post(refused.id, { to: 'shipped', version: 3, carrier: 'Sameday', trackingNumber: '1SDY2' });
    expect((await post(refused.id, { to: 'returned', version: 4 })).statusCode).toBe(200);
    const figures = (await shop.app.inject({ url: '/api/admin/dashboard', headers: owner })).json();
    expect(figures.refusals.confirmed).toEqual({ settled: 1, returned: 1 });
  });

  it('reminds each cash order its customer has not confirmed 24 hours on, once, and never one confirmed or taken care of', async () => {
    const aged = async (order: { id: string }) => shop.database.db.update(orders).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(orders.id, order.id));
    const [waiting, confirmed, fresh] = [await place(), await place(), await place()];
    for (const order of [waiting, confirmed]) await aged(order);
    await confirm(confirmed.id);
    // Other tests' orders of this file are young, confirmed or gone: only the waiting one is due.
    const reminders = async () => (await shop.database.db.select().from(outbox).where(eq(outbox.kind, 'confirm_reminder'))).map((mail) => mail.orderId);
    expect(await remindUnconfirmed(shop.database.db, 24)).toBe(1);
    expect(await reminders()).toEqual([waiting.id]);
    expect((await rowOf(waiting.id)).confirmRemindedAt).toBeInstanceOf(Date);
    // Never twice, even from two processes at once.
    expect(await Promise.all([remindUnconfirmed(shop.database.db, 24), remindUnconfirmed(shop.database.db, 24)])).toEqual([0, 0]);
    expect(await reminders()).toEqual([waiting.id]);
    expect((await rowOf(fresh.id)).confirmRemindedAt).toBeNull();
  });
});
