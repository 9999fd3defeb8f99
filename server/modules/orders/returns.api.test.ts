import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { invoices } from '../../../db/schema/invoices';
import { orderEvents, orderLines, withdrawalLines, withdrawals } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { refunds } from '../../../db/schema/refunds';
import { addDays } from '../../../domain/calendar';
import type { StoredColourOption } from '../../../domain/catalog';
import { bucharestDay } from '../../../domain/locale';
import { ublXml } from '../../../domain/ubl';
import { refundDueDay } from '../../../domain/withdrawal';
import { setUpTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { translate } from '../../i18n';
import { cachedSchematron, efacturaProblems } from '../invoices/validation';

const shop = setUpTestApp();
let headers: { cookie: string; origin: string };

beforeAll(async () => {
  headers = { cookie: (await signUpOwner(shop.app, shop.database.db)).cookie, origin: TEST_ORIGIN };
  cachedSchematron();
}, 300_000);

/** The lighter's colours, its black counted in stock (10), and the product's own stock counted (20). */
const COUNTED: StoredColourOption[] = [
  { name: 'Black', available: true, stock: 10 },
  { name: 'Red', available: false },
  { name: 'Blue', available: false },
];
afterEach(async () => {
  await shop.database.db
    .update(products)
    .set({ stock: null, colourOptions: COUNTED.map(({ stock: _, ...option }) => option) })
    .where(eq(products.id, '1'));
  await shop.app.catalogue.reload();
});
async function countLighters() {
  await shop.database.db.update(products).set({ stock: 20, colourOptions: COUNTED }).where(eq(products.id, '1'));
  await shop.app.catalogue.reload();
}
async function lighterStock() {
  const [row] = await shop.database.db.select({ stock: products.stock, colours: products.colourOptions }).from(products).where(eq(products.id, '1'));
  return { product: row!.stock, black: row!.colours.find((option) => option.name === 'Black')!.stock };
}

const IBAN = 'RO49AAAA1B31007593840000';
let placed = 0;

/**
 * A cash order of two black lighters (39.99) and a phone charger (24.99), delivery 19.99, run by the owner to
 * delivered (its invoice issued), then withdrawn from entirely with an IBAN: the withdrawal, and the lines' ids.
 */
async function withdrawnOrder(overrides: Record<string, unknown> = {}) {
  const email = `returns-${Date.now()}-${++placed}@example.ro`;
  const answer = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email, ...overrides }) });
  expect(answer.statusCode, answer.body).toBe(201);
  const order = answer.json() as { id: string; number: number; accessToken: string };
  for (const [to, extra] of [
    ['confirmed', {}],
    ['shipped', { carrier: 'Sameday', trackingNumber: `R-${order.number}` }],
    ['delivered', {}],
  ] as const) {
    const { version } = (await shop.app.inject({ url: `/api/admin/orders/${order.id}`, headers })).json();
    const moved = await shop.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, payload: { to, version, ...extra }, headers });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const lines = await shop.database.db.select({ id: orderLines.id, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const [lighters, charger] = [lines[0]!.id, lines[1]!.id];
  const stated = await shop.app.inject({
    method: 'POST',
    url: '/api/orders/withdrawal',
    payload: {
      orderNumber: order.number,
      email,
      lines: lines.map((line) => ({ lineId: line.id, quantity: line.quantity })),
      iban: IBAN,
    },
  });
  expect(stated.statusCode, stated.body).toBe(201);
  const [withdrawal] = await shop.database.db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id));
  return { ...order, withdrawal: withdrawal!, lighters, charger };
}

const receive = (withdrawalId: string, lines: { lineId: number; quantity: number }[]) =>
  shop.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${withdrawalId}/received`, payload: { lines }, headers });

const creditNotesOf = (orderId: string) =>
  shop.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.number))
    .then((rows) => rows.filter((row) => row.kind === 'credit_note'));
const refundsOf = (orderId: string) => shop.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));

describe('goods received back (POST /api/admin/withdrawals/:id/received)', () => {
  it('one of two lines: its stock back, a credit note of only its units, the refund due by transfer; the rest later, with the delivery', async () => {
    await countLighters();
    const order = await withdrawnOrder({
      lines: [
        { productId: '1', quantity: 2, colour: 'Black' },
        { productId: '5', quantity: 1 },
      ],
    });
    expect(await lighterStock()).toEqual({ product: 18, black: 8 });

    const answer = await receive(order.withdrawal.id, [{ lineId: order.lighters, quantity: 2 }]);
    expect(answer.statusCode, answer.body).toBe(200);
    const view = answer.json();
    expect(view.status).toBe('delivered');
    expect(view.withdrawals[0]).toMatchObject({
      status: 'received_part',
      lines: [
        { lineId: order.lighters, quantity: 2, received: 2 },
        { lineId: order.charger, quantity: 1, received: 0 },
      ],
    });
    expect(await lighterStock()).toEqual({ product: 20, black: 10 });

    const [first] = await creditNotesOf(order.id);
    expect(first).toMatchObject({ kind: 'credit_note', withdrawalId: order.withdrawal.id });
    expect(first!.document.amounts.lines.map((line) => [line.name, line.quantity, line.gross])).toEqual([['Dummy Lighter (Black)', 2, 7998]]);
    expect(first!.document).toMatchObject({ settlement: 'refundByTransfer', refundTo: IBAN });
    const firstXml = ublXml(first!.document);
    expect(firstXml).toContain('<cbc:PayableAmount currencyID="RON">79.98</cbc:PayableAmount>');
    expect(firstXml).toContain('Suma se restituie cumpărătorului prin transfer bancar, în contul RO49 AAAA 1B31 0075 9384 0000');
    expect(await efacturaProblems(firstXml, 'creditNote')).toEqual([]);
    const [invoice] = await shop.database.db.select().from(invoices).where(eq(invoices.id, first!.correctsId!));
    expect(invoice!.creditedAt).toBeNull();
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ amount: 7998, method: 'transfer', iban: IBAN, status: 'due', creditNoteId: first!.id, dueDay: refundDueDay(order.withdrawal.statedAt) }),
    ]);
    expect(view.withdrawals[0].refunds).toEqual([
      { id: expect.any(String), amount: 7998, method: 'transfer', status: 'due', dueDay: refundDueDay(order.withdrawal.statedAt), paidOn: null, creditNote: first!.documentId },
    ]);
    expect(view.events.at(-1).note).toBe(`Goods received back: 2 × Dummy Lighter (Black); credit note ${first!.documentId}; refund of 79.98 RON due by ${refundDueDay(order.withdrawal.statedAt)}`);

    // The charger comes later: its own credit note, with the standard delivery now that the whole order is back.
    expect((await receive(order.withdrawal.id, [{ lineId: order.charger, quantity: 1 }])).json().withdrawals[0].status).toBe('received');
    const [, second] = await creditNotesOf(order.id);
    expect(second!.document.amounts.lines.map((line) => [line.name, line.gross])).toEqual([
      ['Dummy Phone Charger', 2499],
      ['Transport', 1999],
    ]);
    expect(await efacturaProblems(ublXml(second!.document), 'creditNote')).toEqual([]);
    // The two add up to the invoice, VAT included.
    expect(first!.document.amounts.gross + second!.document.amounts.gross).toBe(invoice!.document.amounts.gross);
    expect(first!.document.amounts.vat + second!.document.amounts.vat).toBe(invoice!.document.amounts.vat);
    expect((await refundsOf(order.id)).map((refund) => refund.amount)).toEqual([7998, 4498]);
  });

  it('twenty concurrent clicks on Received make one credit note, one refund, and put the stock back once', async () => {
    await countLighters();
    const order = await withdrawnOrder({
      lines: [
        { productId: '1', quantity: 1, colour: 'Black' },
        { productId: '5', quantity: 1 },
      ],
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => receive(order.withdrawal.id, [{ lineId: order.lighters, quantity: 1 }])));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.json()).toMatchObject({ code: 'already_received', message: translate('en', 'admin.error.returnAlreadyReceived', { left: 0 }) });
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await lighterStock()).toEqual({ product: 20, black: 10 });
  });

  it('refuses more units than are still to come, a line the withdrawal does not name and an order not delivered, writing nothing', async () => {
    const order = await withdrawnOrder();
    const tooMany = await receive(order.withdrawal.id, [{ lineId: order.lighters, quantity: 3 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(translate('en', 'admin.error.returnAlreadyReceived', { left: 2 }));
    const other = await withdrawnOrder();
    const notNamed = await receive(order.withdrawal.id, [{ lineId: other.lighters, quantity: 1 }]);
    expect(notNamed.statusCode).toBe(400);
    expect(notNamed.json().message).toBe(translate('en', 'admin.error.returnLineNotWithdrawn'));
    const unknown = await shop.app.inject({ method: 'POST', url: '/api/admin/withdrawals/00000000-0000-4000-8000-000000000000/received', payload: { lines: [{ lineId: 1, quantity: 1 }] }, headers });
    expect(unknown.statusCode).toBe(404);
    for (const payload of [{}, { lines: [] }, { lines: [{ lineId: order.lighters, quantity: 0 }] }]) {
      const bad = await shop.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${order.withdrawal.id}/received`, payload, headers });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }

    // Withdrawn before delivery: the owner cancels it (or a refused parcel comes back) instead.
    const email = `early-${Date.now()}@example.ro`;
    const early = (await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email }) })).json();
    const [line] = await shop.database.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, early.id)).orderBy(asc(orderLines.id));
    expect((await shop.app.inject({ method: 'POST', url: '/api/orders/withdrawal', payload: { orderNumber: early.number, email, lines: [{ lineId: line!.id, quantity: 1 }] } })).statusCode).toBe(201);
    const [earlyWithdrawal] = await shop.database.db.select().from(withdrawals).where(eq(withdrawals.orderId, early.id));
    const notDelivered = await receive(earlyWithdrawal!.id, [{ lineId: line!.id, quantity: 1 }]);
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json()).toMatchObject({ code: 'not_delivered' });

    for (const id of [order.id, early.id]) {
      expect(await creditNotesOf(id)).toEqual([]);
      expect(await refundsOf(id)).toEqual([]);
    }
    expect((await shop.database.db.select().from(withdrawalLines).where(eq(withdrawalLines.withdrawalId, order.withdrawal.id))).every((unit) => unit.received === 0)).toBe(true);
    const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.some((event) => event.note?.startsWith('Goods received back'))).toBe(false);
  });

  it('lists the open returns by the day their refund is due, and the finished ones after', async () => {
    const order = await withdrawnOrder();
    const list = (await shop.app.inject({ url: '/api/admin/returns', headers })).json();
    const row = list.open.find((item: { withdrawalId: string }) => item.withdrawalId === order.withdrawal.id);
    expect(row).toEqual({
      withdrawalId: order.withdrawal.id,
      orderId: order.id,
      orderNumber: order.number,
      customer: 'Ana Popescu',
      paymentMethod: 'cod',
      statedAt: order.withdrawal.statedAt.toISOString(),
      status: 'requested',
      units: 3,
      received: 0,
      refundDueDay: refundDueDay(order.withdrawal.statedAt),
      owed: 0,
      refunded: 0,
      refundStatus: null,
    });
    await receive(order.withdrawal.id, [
      { lineId: order.lighters, quantity: 2 },
      { lineId: order.charger, quantity: 1 },
    ]);
    const after = (await shop.app.inject({ url: '/api/admin/returns', headers })).json();
    expect(after.open.find((item: { withdrawalId: string }) => item.withdrawalId === order.withdrawal.id)).toMatchObject({ status: 'received', received: 3, owed: 12496, refundStatus: 'due' });
    const customer = (await shop.app.inject({ url: '/api/admin/returns', headers: { origin: TEST_ORIGIN } })).statusCode;
    expect(customer).toBe(401);
  });
});

describe('re-issuing an invoice with goods already credited from it', () => {
  it('is refused: its storno would credit them twice', async () => {
    const order = await withdrawnOrder();
    await receive(order.withdrawal.id, [{ lineId: order.charger, quantity: 1 }]);
    // The order's invoice, not the credit note receiving made (PostgreSQL returns rows in no set order).
    const [invoice] = await shop.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
    const reissue = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/invoices/${invoice!.id}/reissue`,
      payload: { name: 'Ana Pop', street: 'Strada Memorandumului 28', city: 'Cluj-Napoca', county: 'CJ', postalCode: '400114' },
      headers,
    });
    expect(reissue.statusCode, reissue.body).toBe(409);
    expect(reissue.json().message).toBe(translate('en', 'admin.error.invoicePartlyCredited'));
  });
});

describe('a refund paid by bank transfer (POST /api/admin/refunds/:id/transfer)', () => {
  it('is recorded on the day the owner gives, once, on the timeline, and the customer is told by mail', async () => {
    const order = await withdrawnOrder();
    await receive(order.withdrawal.id, [{ lineId: order.lighters, quantity: 2 }]);
    const [refund] = await refundsOf(order.id);
    const pay = (paidOn: string) => shop.app.inject({ method: 'POST', url: `/api/admin/refunds/${refund!.id}/transfer`, payload: { paidOn }, headers });
    const today = bucharestDay(new Date());
    for (const day of ['2020-01-01', addDays(today, 1), 'yesterday', '2026-02-30']) {
      const refused = await pay(day);
      expect(refused.statusCode, day).toBe(400);
      expect(refused.json().message).toBe(translate('en', 'admin.error.refundDay'));
    }
    expect((await refundsOf(order.id))[0]).toMatchObject({ status: 'due', paidOn: null });

    const paid = await pay(today);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().withdrawals[0].refunds[0]).toMatchObject({ status: 'paid', paidOn: today });
    expect(paid.json().events.at(-1).note).toBe(`Refund of 79.98 RON paid by bank transfer on ${today}`);
    const mails = await shop.database.db.select().from(outbox).where(eq(outbox.orderId, order.id));
    expect(mails.filter((mail) => mail.kind === 'refund_paid').map((mail) => mail.data)).toEqual([{ refundId: refund!.id }]);

    const again = await pay(today);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(translate('en', 'admin.error.refundAlreadyPaid'));
    const list = (await shop.app.inject({ url: '/api/admin/returns', headers })).json();
    expect(list.open.find((row: { withdrawalId: string }) => row.withdrawalId === order.withdrawal.id)).toMatchObject({ owed: 0, refunded: 7998, refundStatus: null, status: 'received_part' });
  });
});

describe('the customer’s details erased', () => {
  it('take the IBAN of their refunds with them, the amounts staying', async () => {
    const order = await withdrawnOrder();
    await receive(order.withdrawal.id, [{ lineId: order.charger, quantity: 1 }]);
    expect((await refundsOf(order.id))[0]!.iban).toBe(IBAN);
    const erase = await shop.app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=${order.accessToken}` });
    expect(erase.statusCode, erase.body).toBe(200);
    expect((await refundsOf(order.id))[0]).toMatchObject({ iban: null, amount: 2499 });
  });
});

describe('the customer sends the goods back themselves (POST /api/admin/withdrawals/:id/customer-sends)', () => {
  it('puts the withdrawal on its way back, once, on the timeline; its goods are then received as ever', async () => {
    const order = await withdrawnOrder();
    const sends = () => shop.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${order.withdrawal.id}/customer-sends`, headers });
    const first = await sends();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().withdrawals[0].status).toBe('returning');
    expect(first.json().events.at(-1).note).toBe('The customer sends the goods back themselves');
    const again = await sends();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(translate('en', 'admin.error.returnNotRequested'));
    const received = await receive(order.withdrawal.id, [{ lineId: order.charger, quantity: 1 }]);
    expect(received.json().withdrawals[0].status).toBe('received_part');
  });
});
