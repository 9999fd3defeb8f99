import { and, asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orderLines, orders, withdrawalLines, withdrawals } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { dayValue } from '../../../domain/issueValues';
import { refundDueDay, WITHDRAWAL_TIMELINE_NOTE, withdrawalLastDay } from '../../../domain/withdrawal';
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
const nextIp = () => `10.8.${Math.floor(++visitor / 250)}.${visitor % 250}`;
const withdraw = (payload: object, ip = nextIp()) => shop.app.inject({ method: 'POST', url: '/api/orders/withdrawal', payload, remoteAddress: ip });
const lookUp = (payload: object, ip = nextIp()) => shop.app.inject({ method: 'POST', url: '/api/orders/withdrawal/order', payload, remoteAddress: ip });

/** A cash order of two black lighters and a phone charger (sampleOrder's), with its lines' ids. */
async function place(overrides: Record<string, unknown> = {}) {
  const response = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder(overrides) });
  expect(response.statusCode).toBe(201);
  const order = response.json() as { id: string; number: number; accessToken: string };
  const lines = await shop.database.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  return { ...order, lighters: lines[0]!.id, charger: lines[1]!.id };
}

/** Everything the order's withdrawals wrote: their rows, their lines, their timeline events and their mails. */
async function written(orderId: string) {
  const db = shop.database.db;
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId)).orderBy(asc(withdrawals.statedAt));
  const units = await db
    .select({ withdrawalId: withdrawalLines.withdrawalId, lineId: withdrawalLines.orderLineId, quantity: withdrawalLines.quantity })
    .from(withdrawalLines)
    .innerJoin(withdrawals, eq(withdrawals.id, withdrawalLines.withdrawalId))
    .where(eq(withdrawals.orderId, orderId));
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
  // Their ids only: the delivery loop marks them sent meanwhile.
  const mails = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, 'withdrawal_received')));
  const [order] = await db.select({ version: orders.version, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return { rows, units, events: events.length, mails, version: order!.version, status: order!.status };
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

describe('the withdrawal function (POST /api/orders/withdrawal/order, then /api/orders/withdrawal)', () => {
  it('finds the order by its number and email, with the name and the units left, and records nothing', async () => {
    const email = `lookup-${Date.now()}@example.ro`;
    const order = await place({ email, firstName: 'Ana', lastName: 'Popescu' });
    const before = await written(order.id);
    const found = await lookUp({ orderNumber: order.number, email: email.toUpperCase() });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      orderNumber: order.number,
      name: 'Ana Popescu',
      email,
      ibanRequired: false,
      lastDay: null,
      lines: [
        { id: order.lighters, name: 'Dummy Lighter', colour: 'Black', quantity: 2, left: 2 },
        { id: order.charger, name: expect.any(String), colour: null, quantity: 1, left: 1 },
      ],
    });
    // The statement's first step and opening it record nothing: only Confirm withdrawal does.
    expect(await written(order.id)).toEqual(before);
    expect(before.rows).toEqual([]);
  });

  it('records the units the statement names, with its timeline event, and sends the receipt by email', async () => {
    const email = `withdraw-${Date.now()}@example.ro`;
    const order = await place({ email });
    const response = await withdraw({ orderNumber: order.number, email: email.toUpperCase(), lines: [{ lineId: order.lighters, quantity: 1 }], reason: 'Changed my mind' });
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json();
    expect(receipt).toEqual({ orderNumber: order.number, requestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), email, refundDueDay: refundDueDay(new Date(receipt.requestedAt)) });

    const stored = await written(order.id);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({ reason: 'Changed my mind', iban: null, status: 'requested' });
    expect(stored.rows[0]!.statedAt.toISOString()).toBe(receipt.requestedAt);
    expect(stored.units).toEqual([{ withdrawalId: stored.rows[0]!.id, lineId: order.lighters, quantity: 1 }]);
    expect(stored.status).toBe('pending');
    expect(stored.version).toBe(2);
    const [event] = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(desc(orderEvents.id)).limit(1);
    expect(event).toMatchObject({ actor: 'customer', fromStatus: 'pending', toStatus: 'pending', note: `${TEXT.timelineNote}. Products: 1 × Dummy Lighter (Black). Reason: Changed my mind` });

    const receiptMail = await sentMail(order.id, 'withdrawal_received');
    expect(receiptMail.recipient).toBe(email);
    expect(receiptMail.data).toEqual({ withdrawalId: stored.rows[0]!.id });
    const mail = shop.smtp.mails.find((caught) => caught.to.includes(email) && caught.subject.includes('withdrawal'));
    expect(mail?.subject).toBe(`We received your withdrawal from order ${order.number}`);
    expect(mail?.text).toContain('This mail is your confirmation of it.');
    expect(mail?.text).toContain('Products you are sending back: 1 × Dummy Lighter (Black).');
    expect(mail?.text).toContain('Changed my mind');
    const [alert] = await shop.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'withdrawal_alert')));
    expect(alert?.recipient).toBe('owners');
  });

  it('takes a second statement for the units left, and refuses the same units twice, more units than were bought and another order’s line, writing nothing', async () => {
    const email = `partial-${Date.now()}@example.ro`;
    const order = await place({ email });
    const other = await place({ email });
    expect((await withdraw({ orderNumber: order.number, email, lines: [{ lineId: order.lighters, quantity: 1 }] })).statusCode).toBe(201);
    const afterFirst = await written(order.id);

    const tooMany = await withdraw({ orderNumber: order.number, email, lines: [{ lineId: order.lighters, quantity: 2 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'too_many_units', message: translate('en', 'error.withdrawal.lines.tooMany', { product: 'Dummy Lighter (Black)', left: 1 }) });
    const othersLine = await withdraw({ orderNumber: order.number, email, lines: [{ lineId: other.charger, quantity: 1 }] });
    expect(othersLine.statusCode).toBe(400);
    expect(othersLine.json()).toMatchObject({ code: 'unknown_line', message: translate('en', 'error.withdrawal.lines.unknown') });
    expect(await written(order.id)).toEqual(afterFirst);

    expect((await lookUp({ orderNumber: order.number, email })).json().lines.map((line: { left: number }) => line.left)).toEqual([1, 1]);
    expect(
      (
        await withdraw({
          orderNumber: order.number,
          email,
          lines: [
            { lineId: order.lighters, quantity: 1 },
            { lineId: order.charger, quantity: 1 },
          ],
        })
      ).statusCode,
    ).toBe(201);
    const afterSecond = await written(order.id);
    expect(afterSecond.rows).toHaveLength(2);
    expect(afterSecond.mails).toHaveLength(2);

    const again = await withdraw({ orderNumber: order.number, email, lines: [{ lineId: order.charger, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_requested', message: TEXT.alreadyRequested });
    const lookedUp = await lookUp({ orderNumber: order.number, email });
    expect(lookedUp.statusCode).toBe(409);
    expect(lookedUp.json().message).toBe(TEXT.alreadyRequested);
    expect(await written(order.id)).toEqual(afterSecond);
  });

  it('of two identical statements sent at once, records one and refuses the other', async () => {
    const email = `race-${Date.now()}@example.ro`;
    const order = await place({ email });
    const statement = { orderNumber: order.number, email, lines: [{ lineId: order.lighters, quantity: 2 }] };
    const answers = await Promise.all([withdraw(statement), withdraw(statement), withdraw(statement)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const stored = await written(order.id);
    expect(stored.rows).toHaveLength(1);
    expect(stored.mails).toHaveLength(1);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(translate('en', 'error.withdrawal.lines.already', { product: 'Dummy Lighter (Black)' }));
  });

  it('shows the withdrawals to the owner in the back office and to the customer on the order’s page', async () => {
    const email = `withdraw-owner-${Date.now()}@example.ro`;
    const order = await place({ email });
    expect((await withdraw({ orderNumber: order.number, email, lines: [{ lineId: order.charger, quantity: 1 }] })).statusCode).toBe(201);
    const owner = await signUpOwner(shop.app, shop.database.db);
    const headers = { cookie: owner.cookie, origin: TEST_ORIGIN };
    const page = (await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers })).json();
    expect(page.withdrawals).toEqual([
      {
        id: expect.any(String),
        statedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reason: null,
        iban: null,
        status: 'requested',
        refundDueDay: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        lines: [{ lineId: order.charger, quantity: 1, received: 0 }],
        refunds: [],
        returnAwb: null,
      },
    ]);
    expect(page.events.at(-1)).toMatchObject({ actor: 'customer', from: 'pending', to: 'pending' });
    const list = (await shop.app.inject({ method: 'GET', url: `/api/admin/orders?q=${order.number}`, headers })).json();
    expect(list.orders[0]).toMatchObject({ id: order.id, withdrawalRequestedAt: page.withdrawals[0].statedAt });
    const view = (await shop.app.inject({ url: `/api/orders/${order.id}?token=${order.accessToken}` })).json();
    expect(view.withdrawals).toEqual(page.withdrawals);
    expect(view.lines.map((line: { id: number }) => line.id)).toEqual([order.lighters, order.charger]);
  });

  it('answers the same neutral 404 for an unknown number and for another customer’s order, and records nothing', async () => {
    const order = await place({ email: `someone-${Date.now()}@example.ro` });
    const answers = [
      await lookUp({ orderNumber: order.number, email: 'not-them@example.ro' }),
      await lookUp({ orderNumber: 999_999_999, email: 'not-them@example.ro' }),
      await withdraw({ orderNumber: order.number, email: 'not-them@example.ro', lines: [{ lineId: order.lighters, quantity: 1 }] }),
      await withdraw({ orderNumber: 999_999_999, email: 'not-them@example.ro', lines: [{ lineId: order.lighters, quantity: 1 }] }),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: TEXT.notFound, code: 'order_not_found' });
    }
    expect((await written(order.id)).rows).toEqual([]);
  });

  it('refuses a cancelled order and one whose parcel came back', async () => {
    const email = `closed-${Date.now()}@example.ro`;
    const cancelled = await place({ email });
    await shop.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    const refused = await withdraw({ orderNumber: cancelled.number, email, lines: [{ lineId: cancelled.lighters, quantity: 1 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: TEXT.notWithdrawable });
    const returned = await place({ email });
    await shop.database.db.update(orders).set({ status: 'returned' }).where(eq(orders.id, returned.id));
    const cameBack = await lookUp({ orderNumber: returned.number, email });
    expect(cameBack.statusCode).toBe(409);
    expect(cameBack.json()).toMatchObject({ code: 'order_returned', message: translate('en', 'error.withdrawal.cameBack') });
  });

  it('takes a statement until the last day of the period counted from delivery, and after it refuses, saying when it ended', async () => {
    const email = `period-${Date.now()}@example.ro`;
    const late = await place({ email });
    // 25 days ago: the 14 days and any weekend and holidays after them (at most five days in a row) are over.
    const longAgo = new Date(Date.now() - 25 * DAY_MS);
    await deliveredAt(late.id, longAgo);
    const lastDay = withdrawalLastDay(longAgo);
    for (const refused of [await lookUp({ orderNumber: late.number, email }), await withdraw({ orderNumber: late.number, email, lines: [{ lineId: late.charger, quantity: 1 }] })]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'period_over', message: translate('en', 'error.withdrawal.periodOver', { day: dayValue(lastDay) }) });
      expect(refused.json().message).toMatch(/ended on \d{1,2} [A-Z][a-z]+ \d{4}\./);
    }
    expect((await written(late.id)).rows).toEqual([]);
    // The order's own page tells the customer the last day.
    const view = (await shop.app.inject({ url: `/api/orders/${late.id}?token=${late.accessToken}` })).json();
    expect(view).toMatchObject({ withdrawalLastDay: lastDay, withdrawals: [] });

    const recent = await place({ email });
    await deliveredAt(recent.id, new Date(Date.now() - 2 * DAY_MS));
    expect((await lookUp({ orderNumber: recent.number, email })).json()).toMatchObject({ lastDay: withdrawalLastDay(new Date(Date.now() - 2 * DAY_MS)), ibanRequired: true });
    expect((await withdraw({ orderNumber: recent.number, email, lines: [{ lineId: recent.charger, quantity: 1 }], iban: 'RO49AAAA1B31007593840000' })).statusCode).toBe(201);
    const recentView = (await shop.app.inject({ url: `/api/orders/${recent.id}?token=${recent.accessToken}` })).json();
    expect(recentView.withdrawalLastDay).toBe(withdrawalLastDay(new Date(Date.now() - 2 * DAY_MS)));
    expect(recentView.withdrawals).toHaveLength(1);
    // The owner sees the same last day (the statement, which leaves the order delivered, does not move it).
    const owner = await signUpOwner(shop.app, shop.database.db);
    const ownerView = (await shop.app.inject({ url: `/api/admin/orders/${recent.id}`, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } })).json();
    expect(ownerView.withdrawalLastDay).toBe(recentView.withdrawalLastDay);

    // Before delivery there is no last day yet (and a statement is taken: the tests above).
    const pending = await place({ email });
    expect((await shop.app.inject({ url: `/api/orders/${pending.id}?token=${pending.accessToken}` })).json().withdrawalLastDay).toBeNull();
  });

  it('asks the IBAN for the refund of an order paid in cash, checks it, keeps it for the owner, and erases it with the order’s details', async () => {
    const email = `withdraw-iban-${Date.now()}@example.ro`;
    const order = await place({ email });
    await deliveredAt(order.id, new Date());
    const lines = [{ lineId: order.lighters, quantity: 2 }];
    // The courier collected the cash: the refund goes by bank transfer, so the account is required, and checked.
    const without = await withdraw({ orderNumber: order.number, email, lines });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(translate('en', 'error.withdrawal.iban.required'));
    const typo = await withdraw({ orderNumber: order.number, email, lines, iban: 'RO49 AAAA 1B31 0075 9384 0001' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toBe(translate('en', 'error.withdrawal.iban.invalid'));
    const british = await withdraw({ orderNumber: order.number, email, lines, iban: 'GB82 WEST 1234 5698 7654 32' });
    expect(british.json().message).toBe(translate('en', 'error.withdrawal.iban.country'));
    expect((await written(order.id)).rows).toEqual([]);

    expect((await withdraw({ orderNumber: order.number, email, lines, iban: 'ro49 aaaa 1b31 0075 9384 0000', reason: 'Too big' })).statusCode).toBe(201);
    const owner = await signUpOwner(shop.app, shop.database.db);
    const headers = { cookie: owner.cookie, origin: TEST_ORIGIN };
    expect((await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers })).json().withdrawals[0].iban).toBe('RO49AAAA1B31007593840000');
    const data = await shop.app.inject({ method: 'GET', url: `/api/orders/${order.id}/data?token=${order.accessToken}` });
    expect(data.json().withdrawalRequests).toEqual([expect.objectContaining({ orderNumber: order.number, note: 'Too big', iban: 'RO49AAAA1B31007593840000' })]);

    const erase = await shop.app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=${order.accessToken}` });
    expect(erase.statusCode, erase.body).toBe(200);
    const [erased] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(erased!.anonymisedAt).not.toBeNull();
    expect((await written(order.id)).rows[0]).toMatchObject({ reason: null, iban: null });
  });

  it('keeps no IBAN for an order not yet paid (nothing to refund) nor for a card order (refunded to the card)', async () => {
    const email = `withdraw-unpaid-${Date.now()}@example.ro`;
    const order = await place({ email });
    expect((await withdraw({ orderNumber: order.number, email, lines: [{ lineId: order.charger, quantity: 1 }], iban: 'RO49AAAA1B31007593840000' })).statusCode).toBe(201);
    expect((await written(order.id)).rows[0]!.iban).toBeNull();
  });

  it('refuses bad input with a 400 and its message, and writes nothing', async () => {
    const email = `bad-${Date.now()}@example.ro`;
    const order = await place({ email });
    const one = [{ lineId: order.lighters, quantity: 1 }];
    for (const [payload, message] of [
      [{}, undefined],
      [{ orderNumber: 'abc', email, lines: one }, 'error.withdrawal.orderNumber'],
      [{ orderNumber: order.number, email: 'not an email', lines: one }, undefined],
      [{ orderNumber: order.number, email }, 'error.withdrawal.lines.none'],
      [{ orderNumber: order.number, email, lines: [] }, 'error.withdrawal.lines.none'],
      [{ orderNumber: order.number, email, lines: [{ lineId: order.lighters, quantity: 0 }] }, 'error.withdrawal.lines.quantity'],
      [{ orderNumber: order.number, email, lines: [{ lineId: order.lighters, quantity: 1.5 }] }, 'error.withdrawal.lines.quantity'],
      [{ orderNumber: order.number, email, lines: [{ lineId: 'x', quantity: 1 }] }, 'error.withdrawal.lines.unknown'],
      [{ orderNumber: order.number, email, lines: [...one, ...one] }, 'error.withdrawal.lines.unknown'],
      [{ orderNumber: order.number, email, lines: one, reason: 'x'.repeat(1001) }, 'error.withdrawal.reason.tooLong'],
    ] as const) {
      const response = await withdraw(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toEqual(message ? translate('en', message) : expect.any(String));
    }
    expect((await written(order.id)).rows).toEqual([]);
  });

  it('limits the requests from one address, found orders or not, lookups and statements together', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < WITHDRAWALS_PER_IP.max; i += 1) {
      const guess = { orderNumber: 999_999_000 + i, email: 'guess@example.ro' };
      expect((await (i % 2 ? lookUp(guess, ip) : withdraw({ ...guess, lines: [{ lineId: 1, quantity: 1 }] }, ip))).statusCode).toBe(404);
    }
    const refused = await lookUp({ orderNumber: 999_998_000, email: 'guess@example.ro' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TEXT.tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
