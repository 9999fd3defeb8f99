import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { dayValue } from '../../../domain/issueValues';
import { WITHDRAWAL_TIMELINE_NOTE, withdrawalLastDay } from '../../../domain/withdrawal';
import { setUpMailingTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { translate } from '../../i18n';
import { WITHDRAWALS_PER_IP } from './withdrawal';

const shop = setUpMailingTestApp();

const TEXT = {
  notFound: translate('en', 'error.withdrawal.notFound'),
  alreadyRequested: translate('en', 'error.withdrawal.alreadyRequested'),
  notWithdrawable: translate('en', 'error.withdrawal.notWithdrawable'),
  tooMany: translate('en', 'error.withdrawal.tooMany'),
  timelineNote: WITHDRAWAL_TIMELINE_NOTE,
};
let visitor = 0;
/** Each request from its own address unless one is given, so only the limit's test meets the limit. */
const withdraw = (payload: object, ip = `10.8.${Math.floor(++visitor / 250)}.${visitor % 250}`) => shop.app.inject({ method: 'POST', url: '/api/orders/withdrawal', payload, remoteAddress: ip });

async function place(overrides: Record<string, unknown> = {}) {
  const response = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder(overrides) });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; number: number; accessToken: string };
}

/** The owner marked the order delivered at `at` (as the back office does, with that time). */
async function deliveredAt(orderId: string, at: Date) {
  await shop.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, orderId));
  await shop.database.db.insert(orderEvents).values({ orderId, actor: 'owner', fromStatus: 'shipped', toStatus: 'delivered', at });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The mail of `kind` written for the order, once the delivery loop has sent it. */
async function sentMail(orderId: string, kind: string) {
  for (let tries = 0; tries < 100; tries += 1) {
    const [row] = await shop.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, kind)));
    if (row?.status === 'sent') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${kind} mail sent for ${orderId}`);
}

describe('POST /api/orders/withdrawal', () => {
  it('records the request on the order, with a timeline event, and acknowledges it by email', async () => {
    const email = `withdraw-${Date.now()}@example.ro`;
    const order = await place({ email });
    const response = await withdraw({ orderNumber: order.number, email: email.toUpperCase(), products: 'Dummy Lighter', reason: 'Changed my mind' });
    expect(response.statusCode).toBe(201);
    const receipt = response.json();
    expect(receipt).toEqual({ orderNumber: order.number, requestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), email });

    const [stored] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.withdrawalRequestedAt?.toISOString()).toBe(receipt.requestedAt);
    expect(stored!.withdrawalNote).toBe('Products: Dummy Lighter · Reason: Changed my mind');
    expect(stored!.status).toBe('pending');
    expect(stored!.version).toBe(2);

    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id));
    expect(events.map(({ actor, fromStatus, toStatus, note }) => ({ actor, fromStatus, toStatus, note }))).toEqual([
      { actor: 'customer', fromStatus: null, toStatus: 'pending', note: null },
      { actor: 'customer', fromStatus: 'pending', toStatus: 'pending', note: `${TEXT.timelineNote}. Products: Dummy Lighter · Reason: Changed my mind` },
    ]);

    const acknowledgement = await sentMail(order.id, 'withdrawal_received');
    expect(acknowledgement.recipient).toBe(email);
    const mail = shop.smtp.mails.find((caught) => caught.to.includes(email) && caught.subject.includes('withdrawal'));
    expect(mail?.subject).toBe(`We received your withdrawal from order ${order.number}`);
    expect(mail?.text).toContain('This mail is your confirmation of it.');
    expect(mail?.text).toContain('Changed my mind');
    const [alert] = await shop.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'withdrawal_alert')));
    expect(alert?.recipient).toBe('owners');
  });

  it('shows the request to the owner in the back office: the order, its timeline and the list', async () => {
    const email = `withdraw-owner-${Date.now()}@example.ro`;
    const order = await place({ email });
    expect((await withdraw({ orderNumber: order.number, email })).statusCode).toBe(201);
    const owner = await signUpOwner(shop.app, shop.database.db);
    const headers = { cookie: owner.cookie, origin: TEST_ORIGIN };
    const page = (await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers })).json();
    expect(page.withdrawalRequestedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(page.withdrawalNote).toBeNull();
    expect(page.events.at(-1)).toMatchObject({ actor: 'customer', from: 'pending', to: 'pending', note: TEXT.timelineNote });
    const list = (await shop.app.inject({ method: 'GET', url: `/api/admin/orders?q=${order.number}`, headers })).json();
    expect(list.orders[0]).toMatchObject({ id: order.id, withdrawalRequestedAt: page.withdrawalRequestedAt });
  });

  it('answers the same neutral 404 for an unknown number and for a known number with another email, and records nothing', async () => {
    const order = await place({ email: `someone-${Date.now()}@example.ro` });
    const wrongEmail = await withdraw({ orderNumber: order.number, email: 'not-them@example.ro' });
    const unknownNumber = await withdraw({ orderNumber: 999_999_999, email: 'not-them@example.ro' });
    for (const response of [wrongEmail, unknownNumber]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: TEXT.notFound, code: 'order_not_found' });
    }
    const [stored] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.withdrawalRequestedAt).toBeNull();
    expect(
      await shop.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'withdrawal_received'))),
    ).toEqual([]);
  });

  it('refuses a second request for the same order, and a cancelled order', async () => {
    const email = `twice-${Date.now()}@example.ro`;
    const order = await place({ email });
    expect((await withdraw({ orderNumber: order.number, email })).statusCode).toBe(201);
    const again = await withdraw({ orderNumber: order.number, email, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: TEXT.alreadyRequested, code: 'already_requested' });
    expect(
      await shop.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'withdrawal_received'))),
    ).toHaveLength(1);

    const cancelled = await place({ email });
    await shop.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    const refused = await withdraw({ orderNumber: cancelled.number, email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: TEXT.notWithdrawable });
  });

  it('takes a request until the last day of the period counted from delivery, and after it refuses, saying when it ended', async () => {
    const email = `period-${Date.now()}@example.ro`;
    const late = await place({ email });
    // 25 days ago: the 14 days and any weekend and holidays after them (at most five days in a row) are over.
    const longAgo = new Date(Date.now() - 25 * DAY_MS);
    await deliveredAt(late.id, longAgo);
    const lastDay = withdrawalLastDay(longAgo);
    const refused = await withdraw({ orderNumber: late.number, email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'period_over', message: translate('en', 'error.withdrawal.periodOver', { day: dayValue(lastDay) }) });
    expect(refused.json().message).toMatch(/ended on \d{1,2} [A-Z][a-z]+ \d{4}\./);
    const [stored] = await shop.database.db.select().from(orders).where(eq(orders.id, late.id));
    expect(stored!.withdrawalRequestedAt).toBeNull();
    expect(
      await shop.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, late.id), eq(outbox.kind, 'withdrawal_received'))),
    ).toEqual([]);
    // The order's own page tells the customer the last day.
    const view = (await shop.app.inject({ url: `/api/orders/${late.id}?token=${late.accessToken}` })).json();
    expect(view).toMatchObject({ withdrawalLastDay: lastDay, withdrawalRequestedAt: null });

    const recent = await place({ email });
    await deliveredAt(recent.id, new Date(Date.now() - 2 * DAY_MS));
    expect((await withdraw({ orderNumber: recent.number, email, iban: 'RO49AAAA1B31007593840000' })).statusCode).toBe(201);
    const recentView = (await shop.app.inject({ url: `/api/orders/${recent.id}?token=${recent.accessToken}` })).json();
    expect(recentView.withdrawalLastDay).toBe(withdrawalLastDay(new Date(Date.now() - 2 * DAY_MS)));
    expect(recentView.withdrawalRequestedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The owner sees the same last day (the request, which leaves the order delivered, does not move it).
    const owner = await signUpOwner(shop.app, shop.database.db);
    const ownerView = (await shop.app.inject({ url: `/api/admin/orders/${recent.id}`, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } })).json();
    expect(ownerView.withdrawalLastDay).toBe(recentView.withdrawalLastDay);

    // Before delivery there is no last day yet (and a request is taken: the first test).
    const pending = await place({ email });
    expect((await shop.app.inject({ url: `/api/orders/${pending.id}?token=${pending.accessToken}` })).json().withdrawalLastDay).toBeNull();
  });

  it('asks the IBAN for the refund of an order paid in cash, checks it, keeps it for the owner, and erases it with the order’s details', async () => {
    const email = `withdraw-iban-${Date.now()}@example.ro`;
    const order = await place({ email });
    await deliveredAt(order.id, new Date());
    // The courier collected the cash: the refund goes by bank transfer, so the account is required, and checked.
    const without = await withdraw({ orderNumber: order.number, email });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(translate('en', 'error.withdrawal.iban.required'));
    const typo = await withdraw({ orderNumber: order.number, email, iban: 'RO49 AAAA 1B31 0075 9384 0001' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe(translate('en', 'error.withdrawal.iban.invalid'));
    const british = await withdraw({ orderNumber: order.number, email, iban: 'GB82 WEST 1234 5698 7654 32' });
    expect(british.json().message).toBe(translate('en', 'error.withdrawal.iban.country'));
    const [untouched] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(untouched).toMatchObject({ withdrawalRequestedAt: null, withdrawalIban: null });

    expect((await withdraw({ orderNumber: order.number, email, iban: 'ro49 aaaa 1b31 0075 9384 0000' })).statusCode).toBe(201);
    const owner = await signUpOwner(shop.app, shop.database.db);
    const headers = { cookie: owner.cookie, origin: TEST_ORIGIN };
    expect((await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers })).json().withdrawalIban).toBe('RO49AAAA1B31007593840000');
    const data = await shop.app.inject({ method: 'GET', url: `/api/orders/${order.id}/data?token=${order.accessToken}` });
    expect(data.json().withdrawalRequests).toEqual([expect.objectContaining({ orderNumber: order.number, iban: 'RO49AAAA1B31007593840000' })]);

    const erase = await shop.app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=${order.accessToken}` });
    expect(erase.statusCode, erase.body).toBe(200);
    const [erased] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(erased!.anonymisedAt).not.toBeNull();
    expect(erased!.withdrawalIban).toBeNull();
  });

  it('keeps no IBAN for a card order (refunded to the card) nor for one not yet paid', async () => {
    const email = `withdraw-unpaid-${Date.now()}@example.ro`;
    const order = await place({ email });
    expect((await withdraw({ orderNumber: order.number, email, iban: 'RO49AAAA1B31007593840000' })).statusCode).toBe(201);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.withdrawalIban).toBeNull();
  });

  it('refuses bad input with a 400 and its message', async () => {
    for (const payload of [
      {},
      { orderNumber: 'abc', email: 'ana@example.ro' },
      { orderNumber: 10001, email: 'not an email' },
      { orderNumber: 10001, email: 'ana@example.ro', reason: 'x'.repeat(1001) },
    ]) {
      const response = await withdraw(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('limits the requests from one address, found orders or not', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < WITHDRAWALS_PER_IP.max; i += 1) expect((await withdraw({ orderNumber: 999_999_000 + i, email: 'guess@example.ro' }, ip)).statusCode).toBe(404);
    const refused = await withdraw({ orderNumber: 999_998_000, email: 'guess@example.ro' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TEXT.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
