import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../../db/schema/invoices';
import { orderLines, orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { refunds } from '../../../db/schema/refunds';
import { ublXml } from '../../../domain/ubl';
import { signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { cardOrder, completed, sendWebhook, setUpCardShop } from '../../../testing/cardShop';
import { translate } from '../../i18n';

/** Stripe's answers waited for 1 s (twice), so an unreachable Stripe is told quickly. */
const shop = setUpCardShop({ stripeTimeoutMs: 1000 });
let headers: { cookie: string; origin: string };
beforeAll(async () => {
  headers = { cookie: (await signUpOwner(shop.app, shop.database.db)).cookie, origin: TEST_ORIGIN };
});

/**
 * A card order of two black lighters and a car key, paid on Stripe (its webhook), run to delivered by the owner, its
 * customer's withdrawal of all of it received back: its refund, due to the card, with its credit note.
 */
async function cardRefundDue() {
  const email = `card-refund-${randomUUID().slice(0, 8)}@example.ro`;
  const placed = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: cardOrder(
      [
        { productId: '1', quantity: 2, colour: 'Black' },
        { productId: '2', quantity: 1 },
      ],
      { email },
    ),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { id, number, checkoutUrl } = placed.json() as { id: string; number: number; checkoutUrl: string };
  const sessionId = checkoutUrl.split('/').at(-1)!;
  expect((await sendWebhook(shop.app, completed(shop.fake.markPaid(sessionId)))).json().result).toBe('paid');
  for (const [to, extra] of [
    ['shipped', { carrier: 'Sameday', trackingNumber: `C-${number}` }],
    ['delivered', {}],
  ] as const) {
    const { version } = (await shop.app.inject({ url: `/api/admin/orders/${id}`, headers })).json();
    expect((await shop.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: { to, version, ...extra }, headers })).statusCode).toBe(200);
  }
  const lines = await shop.database.db.select({ id: orderLines.id, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
  const stated = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/withdrawal',
    payload: { orderNumber: number, email, lines: lines.map((line) => ({ lineId: line.id, quantity: line.quantity })) },
  });
  expect(stated.statusCode, stated.body).toBe(201);
  const withdrawalId = (await shop.app.inject({ url: `/api/admin/orders/${id}`, headers })).json().withdrawals[0].id;
  const received = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/withdrawals/${withdrawalId}/received`,
    payload: { lines: lines.map((line) => ({ lineId: line.id, quantity: line.quantity })) },
    headers,
  });
  expect(received.statusCode, received.body).toBe(200);
  const [refund] = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, id));
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return { id, number, sessionId, refund: refund!, total: order!.totalAmount, paymentIntent: shop.fake.sessions.get(sessionId)!.payment_intent as string };
}

const refundToCard = (refundId: string) => shop.app.inject({ method: 'POST', url: `/api/admin/refunds/${refundId}/card`, headers });
const stripeRefundsOf = (paymentIntent: string) => [...shop.fake.refunds.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);

describe('a card refund of goods sent back (POST /api/admin/refunds/:id/card)', () => {
  it('refunds exactly the credited amount to the card once, a double click included, keyed by the credit note; the customer is told', async () => {
    const order = await cardRefundDue();
    const [creditNote] = await shop.database.db.select().from(invoices).where(eq(invoices.id, order.refund.creditNoteId!));
    // The whole order came back: its credit note is the whole sum, delivery included, refunded to the card.
    expect(order.refund).toMatchObject({ method: 'card', status: 'due', amount: order.total });
    expect(creditNote!.document.amounts.gross).toBe(order.total);
    expect(ublXml(creditNote!.document)).toContain('<cbc:Note>Suma se restituie cumpărătorului, pe cardul cu care a plătit</cbc:Note>');

    // Two clicks at once: the first refunds; the second is answered as the order stands (200) or, should the first have
    // finished before it was read, as already paid (409). Either way Stripe is asked for one refund.
    const clicks = await Promise.all([refundToCard(order.refund.id), refundToCard(order.refund.id)]);
    expect(clicks.filter((click) => click.statusCode === 200).length, clicks.map((click) => click.body).join(' ')).toBeGreaterThanOrEqual(1);
    for (const click of clicks) expect([200, 409], click.body).toContain(click.statusCode);
    const made = stripeRefundsOf(order.paymentIntent);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: order.total, currency: 'ron', status: 'succeeded', reason: 'requested_by_customer', metadata: { refundId: order.refund.id, orderId: order.id } });
    const asked = shop.fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds' && request.body.payment_intent === order.paymentIntent);
    expect(asked.map((request) => request.headers['idempotency-key'])).toEqual(asked.map(() => `refund-${creditNote!.id}`));

    const [paid] = await shop.database.db.select().from(refunds).where(eq(refunds.id, order.refund.id));
    expect(paid).toMatchObject({ status: 'paid', stripeRefundId: made[0]!.id });
    const mails = await shop.database.db.select().from(outbox).where(eq(outbox.orderId, order.id));
    expect(mails.filter((mail) => mail.kind === 'refund_paid')).toHaveLength(1);

    // Later: nothing more is asked of Stripe; and Stripe's charge.refunded changes nothing more.
    const again = await refundToCard(order.refund.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(translate('en', 'admin.error.refundAlreadyPaid'));
    const charge = shop.fake.refunds.charges.get(made[0]!.charge)!;
    const told = await sendWebhook(shop.app, { id: `evt_${randomUUID()}`, object: 'event', type: 'charge.refunded', data: { object: charge } });
    expect(told.json().result).toBe('ignored');
    expect(stripeRefundsOf(order.paymentIntent)).toHaveLength(1);
  });

  it('a refund Stripe makes later: sent at first, paid when its charge.refunded webhook comes (the refunds asked of Stripe), once', async () => {
    const order = await cardRefundDue();
    shop.fake.refunds.createRefundsAs('pending');
    try {
      const click = await refundToCard(order.refund.id);
      expect(click.statusCode, click.body).toBe(200);
      expect(click.json().withdrawals[0].refunds[0]).toMatchObject({ status: 'sent', paidOn: null });
      // A second click while Stripe works on it asks nothing more.
      expect((await refundToCard(order.refund.id)).statusCode).toBe(200);
      expect(stripeRefundsOf(order.paymentIntent)).toHaveLength(1);
    } finally {
      shop.fake.refunds.createRefundsAs('succeeded');
    }
    const [made] = stripeRefundsOf(order.paymentIntent);
    made!.status = 'succeeded';
    const charge = { ...shop.fake.refunds.charges.get(made!.charge)!, amount_refunded: made!.amount, refunded: true };
    const event = { id: `evt_${randomUUID()}`, object: 'event', type: 'charge.refunded', data: { object: charge } };
    expect((await sendWebhook(shop.app, event)).json().result).toBe('refunded');
    expect((await sendWebhook(shop.app, event)).json().result).toBe('duplicate');
    const [paid] = await shop.database.db.select().from(refunds).where(eq(refunds.id, order.refund.id));
    expect(paid).toMatchObject({ status: 'paid', stripeRefundId: made!.id });
    const view = (await shop.app.inject({ url: `/api/admin/orders/${order.id}`, headers })).json();
    expect(view.events.at(-1)).toMatchObject({ actor: 'stripe', note: expect.stringMatching(/^Refund of .+ paid to the card on \d{4}-\d\d-\d\d$/) });
  });

  it('a refund Stripe fails (refund.failed) is due again; refunded again, with a new key, Stripe makes a new one', async () => {
    const order = await cardRefundDue();
    shop.fake.refunds.createRefundsAs('pending');
    let sentVersion: number;
    try {
      const sent = await refundToCard(order.refund.id);
      expect(sent.statusCode).toBe(200);
      sentVersion = sent.json().version;
    } finally {
      shop.fake.refunds.createRefundsAs('succeeded');
    }
    const [failed] = stripeRefundsOf(order.paymentIntent);
    failed!.status = 'failed';
    const told = await sendWebhook(shop.app, { id: `evt_${randomUUID()}`, object: 'event', type: 'refund.failed', data: { object: failed } });
    expect(told.json().result).toBe('refunded');
    const [due] = await shop.database.db.select().from(refunds).where(eq(refunds.id, order.refund.id));
    expect(due).toMatchObject({ status: 'due', stripeRefundId: failed!.id });
    const view = (await shop.app.inject({ url: `/api/admin/orders/${order.id}`, headers })).json();
    expect(view.events.at(-1).note).toMatch(/^Stripe could not make the refund of .+ \(failed\): it is due again$/);
    // The order moved on: a page still showing the refund as sent is out of date.
    expect(view.version).toBe(sentVersion! + 1);

    expect((await refundToCard(order.refund.id)).statusCode).toBe(200);
    const made = stripeRefundsOf(order.paymentIntent);
    expect(made.map((refund) => refund.status)).toEqual(['failed', 'succeeded']);
    const keys = shop.fake.requests.filter((request) => request.path === '/v1/refunds' && request.body.payment_intent === order.paymentIntent).map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([`refund-${order.refund.creditNoteId}`, `refund-${order.refund.creditNoteId}-after-${failed!.id}`]);
    expect((await shop.database.db.select().from(refunds).where(eq(refunds.id, order.refund.id)))[0]).toMatchObject({ status: 'paid', stripeRefundId: made[1]!.id });
  });

  it('Stripe out of reach: a clear 503, the refund still due; asked again, Stripe makes one refund', async () => {
    const order = await cardRefundDue();
    const STRIPE_HOLDS_MS = 3000;
    shop.fake.slowDown(STRIPE_HOLDS_MS);
    const heldSince = Date.now();
    try {
      const down = await refundToCard(order.refund.id);
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(translate('en', 'admin.error.stripeRefundFailed'));
    } finally {
      shop.fake.slowDown(0);
    }
    expect((await shop.database.db.select().from(refunds).where(eq(refunds.id, order.refund.id)))[0]!.status).toBe('due');
    expect((await refundToCard(order.refund.id)).statusCode).toBe(200);
    // Whatever of the slow requests reaches Stripe once it answers again, the one key makes one refund.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, heldSince + STRIPE_HOLDS_MS + 500 - Date.now())));
    expect(stripeRefundsOf(order.paymentIntent)).toHaveLength(1);
  }, 30_000);
});
