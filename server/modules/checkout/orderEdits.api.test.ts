/** The owner's edits of an order until its AWB exists (issue 47): orders/edit.ts, checkout/orderEdits.ts. */
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../../db/schema/discounts';
import { invoices } from '../../../db/schema/invoices';
import { orderEvents, orderLines, orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { cashOnDelivery } from '../../../domain/courier';
import { signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { cardOrder, completed, sendWebhook, setUpCardShop } from '../../../testing/cardShop';
import { lighterColours, SEEDED_LIGHTER_COLOURS } from '../../../testing/lighterColours';
import { sampleOrder } from '../../../testing/sampleOrder';

const shop = setUpCardShop({ stripeTimeoutMs: 400 });
const db = () => shop.database.db;
let owner: Record<string, string>;

beforeAll(async () => {
  owner = { cookie: (await signUpOwner(shop.app, shop.database.db)).cookie, origin: TEST_ORIGIN };
}, 300_000);

const SEEDED = SEEDED_LIGHTER_COLOURS;
const lighter = lighterColours(shop);
const setLighterColours = lighter.set;
afterEach(async () => {
  shop.fake.slowDown(0);
  await setLighterColours(SEEDED);
});

const { email: _email, lines: _lines, paymentMethod: _method, idempotencyKey: _key, ...ADDRESS } = sampleOrder();
const rowOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = async (id: string) => db().select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
const colourStock = lighter.stockOf;
const edit = (id: string, body: { version: number; lines: object[]; shipping?: object }) =>
  shop.app.inject({ method: 'PUT', url: `/api/admin/orders/${id}/contents`, payload: { shipping: ADDRESS, ...body }, headers: owner });
const stripeRefundsOf = (id: string) =>
  shop.fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds' && (request.body.metadata as { orderId?: string } | undefined)?.orderId === id);

async function cashOrder(lines: object[], overrides: Record<string, unknown> = {}) {
  const answer = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines, ...overrides }) });
  expect(answer.statusCode, answer.body).toBe(201);
  return rowOf(answer.json().id);
}
async function paidCardOrder(lines: { productId: string; quantity: number; colour?: string }[]) {
  const answer = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder(lines) });
  expect(answer.statusCode, answer.body).toBe(201);
  expect((await sendWebhook(shop.app, completed(shop.fake.markPaid(answer.json().checkoutUrl.split('/').at(-1))))).json().result).toBe('paid');
  return rowOf(answer.json().id);
}

describe('editing an order until its AWB exists', () => {
  it('colour, quantity, lines added and removed, the address: stock, totals, VAT and cash follow in one change; the timeline and the customer are told', async () => {
    await setLighterColours([{ name: 'Black', available: true, stock: 5 }, { name: 'Red', available: true, stock: 3 }, SEEDED[2]!]);
    const order = await cashOrder([
      { productId: '1', quantity: 2, colour: 'Black' },
      { productId: '5', quantity: 1 },
    ]);
    expect(await colourStock('Black')).toBe(3);
    const answer = await edit(order.id, {
      version: order.version,
      lines: [
        { productId: '1', quantity: 1, colour: 'Black' },
        { productId: '1', quantity: 1, colour: 'Red' },
        { productId: '4', quantity: 1 },
      ],
      shipping: { ...ADDRESS, street: 'Strada Horea', streetNumber: '5', addressLine2: 'Bl. A, ap. 3' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const lighter = await shop.shopPrice('1');
    const marker = await shop.shopPrice('4');
    const subtotal = 2 * lighter + marker;
    expect(answer.json()).toMatchObject({ subtotal, shipping: 1999, total: subtotal + 1999, version: order.version + 1, street: 'Strada Horea', addressLine2: 'Bl. A, ap. 3' });
    expect(await colourStock('Black')).toBe(4);
    expect(await colourStock('Red')).toBe(2);
    const lines = await linesOf(order.id);
    expect(lines.map((line) => [line.productId, line.colour, line.quantity, line.colourStockTaken])).toEqual([
      ['1', 'Black', 1, 1],
      ['1', 'Red', 1, 1],
      ['4', null, 1, 0],
    ]);
    // VAT is in each line's price, at the order's rate.
    expect(lines.every((line) => line.vatRate === order.shippingVatRate && line.vatAmount > 0)).toBe(true);
    const row = await rowOf(order.id);
    expect(cashOnDelivery({ paymentMethod: row.paymentMethod, total: row.totalAmount })).toBe(subtotal + 1999);
    const [event] = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)).offset(1);
    expect(event).toMatchObject({ actor: 'owner', fromStatus: 'pending', toStatus: 'pending' });
    expect(event!.note).toBe(
      `Edited: Dummy Lighter (Black) 2 → 1; Dummy Phone Charger removed; Dummy Lighter (Red) + 1; Dummy Marker + 1; address or phone changed; total ${(order.totalAmount / 100).toFixed(2)} RON → ${((subtotal + 1999) / 100).toFixed(2)} RON`,
    );
    expect(
      await db()
        .select({ kind: outbox.kind, data: outbox.data })
        .from(outbox)
        .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'order_updated'))),
    ).toEqual([{ kind: 'order_updated', data: { refund: '0' } }]);
  });

  it('free shipping and a discount code follow the new subtotal: a code below its minimum is dropped', async () => {
    const [code] = await db()
      .insert(discountCodes)
      .values({ code: `EDIT${Date.now() % 100_000}`, kind: 'percent', value: 10, minSubtotal: 20_000 })
      .returning();
    const order = await cashOrder([{ productId: '3', quantity: 6 }], { discountCode: code!.code });
    const belt = await shop.shopPrice('3');
    expect(order).toMatchObject({ discount: Math.round((6 * belt) / 10), shipping: 0 });
    const down = (await edit(order.id, { version: order.version, lines: [{ productId: '3', quantity: 3 }] })).json();
    expect(down).toMatchObject({ subtotal: 3 * belt, discount: 0, shipping: 1999, total: 3 * belt + 1999 });
    const up = (await edit(order.id, { version: down.version, lines: [{ productId: '3', quantity: 7 }] })).json();
    expect(up).toMatchObject({ subtotal: 7 * belt, discount: Math.round((7 * belt) / 10), shipping: 0, discountCode: code!.code });
  });

  it('a paid card order edited to less: its invoice re-issued, the difference refunded through Stripe once; to more: refused, nothing written', async () => {
    const order = await paidCardOrder([{ productId: '3', quantity: 2 }]);
    const belt = await shop.shopPrice('3');
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    const answer = await edit(order.id, { version: order.version, lines: [{ productId: '3', quantity: 1 }] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ total: belt + 1999, editRefundDue: 0 });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ editRefundDue: 0, editRefunded: belt, status: 'paid' });
    const asked = stripeRefundsOf(order.id);
    expect(asked.map((request) => [request.body.amount, request.headers['idempotency-key']])).toEqual([[String(belt), `edit-refund-${order.id}-v${order.version + 1}`]]);
    // The invoice stornoed and the order invoiced again as it now is.
    const documents = await db().select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(asc(invoices.createdAt));
    expect(documents.map((document) => document.kind)).toEqual(['invoice', 'credit_note', 'invoice']);
    expect(documents[2]!.document.amounts.gross).toBe(belt + 1999);
    expect(documents[0]!.creditedAt).not.toBeNull();
    expect(
      (
        await db()
          .select({ data: outbox.data })
          .from(outbox)
          .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'order_updated')))
      )[0]!.data,
    ).toEqual({ refund: String(belt) });
    // Asked again: nothing is owed, nothing asked.
    expect((await shop.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/edit-refund`, headers: owner })).statusCode).toBe(200);
    expect(stripeRefundsOf(order.id)).toHaveLength(1);

    const more = await edit(order.id, { version: row.version, lines: [{ productId: '3', quantity: 3 }] });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'paid_less', message: expect.stringContaining('was paid by card') });
    expect(await rowOf(order.id)).toMatchObject({ version: row.version, totalAmount: belt + 1999 });
  });

  it('Stripe not answering: the edit stands with its refund owed; asked again, refunded once', async () => {
    const order = await paidCardOrder([{ productId: '3', quantity: 2 }]);
    const belt = await shop.shopPrice('3');
    shop.fake.slowDown(5_000);
    const answer = await edit(order.id, { version: order.version, lines: [{ productId: '3', quantity: 1 }] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ editRefundDue: belt, total: belt + 1999 });
    shop.fake.slowDown(0);
    const again = await shop.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/edit-refund`, headers: owner });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ editRefundDue: 0 });
    expect(await rowOf(order.id)).toMatchObject({ editRefunded: belt });
    expect(stripeRefundsOf(order.id).map((request) => request.body.amount)).toEqual([String(belt)]);
  }, 30_000);

  it('refused with 409 and nothing written: a stale page, an order that left; 4xx for bad input', async () => {
    await setLighterColours([{ name: 'Black', available: true, stock: 2 }, { name: 'Red', available: false }, SEEDED[2]!]);
    const order = await cashOrder([{ productId: '1', quantity: 1, colour: 'Black' }]);
    const before = await rowOf(order.id);
    const refusals = [
      [await edit(order.id, { version: order.version + 1, lines: [{ productId: '1', quantity: 1, colour: 'Black' }] }), 409, 'stale'],
      [await edit(order.id, { version: order.version, lines: [{ productId: '1', quantity: 3, colour: 'Black' }] }), 409, 'out_of_stock'],
      [await edit(order.id, { version: order.version, lines: [{ productId: '1', quantity: 1, colour: 'Red' }] }), 409, 'out_of_stock'],
      [await edit(order.id, { version: order.version, lines: [{ productId: '1', quantity: 1, colour: 'Green' }] }), 400, 'unknown_colour'],
      [await edit(order.id, { version: order.version, lines: [{ productId: '1', quantity: 1, colour: 'Black' }], shipping: { ...ADDRESS, postalCode: '12' } }), 400, undefined],
      [await edit(order.id, { version: order.version, lines: [] }), 400, undefined],
      // An address the couriers cannot take: Bucharest without its sector.
      [
        await edit(order.id, {
          version: order.version,
          lines: [{ productId: '1', quantity: 1, colour: 'Black' }],
          shipping: { ...ADDRESS, county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020452' },
        }),
        400,
        undefined,
      ],
    ] as const;
    for (const [answer, status, code] of refusals) {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().message).toEqual(expect.any(String));
      if (code) expect(answer.json().code).toBe(code);
    }
    expect(refusals[6][0].json().message).toBe('Choose the sector of your Bucharest address.');
    // The order's own unit counts as left for it: two in all.
    expect(refusals[1][0].json().message).toBe('Only 2 left of Dummy Lighter (Black)');
    expect(await rowOf(order.id)).toEqual(before);
    expect(await colourStock('Black')).toBe(1);

    await shop.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, payload: { to: 'confirmed', version: 1 }, headers: owner });
    await shop.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/status`, payload: { to: 'shipped', version: 2, carrier: 'Sameday', trackingNumber: '1SDY7' }, headers: owner });
    const left = await edit(order.id, { version: 3, lines: [{ productId: '1', quantity: 1, colour: 'Black' }] });
    expect(left.json()).toMatchObject({ code: 'not_editable', message: 'This order is shipped: it can no longer be edited.' });
    expect((await edit('00000000-0000-4000-8000-000000000000', { version: 1, lines: [{ productId: '4', quantity: 1 }] })).statusCode).toBe(404);
  });

  it('an edit and a storefront order racing for the last unit of a colour: exactly one gets it', async () => {
    await setLighterColours([{ name: 'Black', available: true, stock: 2 }, ...SEEDED.slice(1)]);
    const order = await cashOrder([{ productId: '1', quantity: 1, colour: 'Black' }]);
    const [edited, placed] = await Promise.all([
      edit(order.id, { version: order.version, lines: [{ productId: '1', quantity: 2, colour: 'Black' }] }),
      shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: 'racer@example.ro', lines: [{ productId: '1', quantity: 1, colour: 'Black' }] }) }),
    ]);
    // One of them gets it; the other is told only none is left (409), and writes nothing.
    expect(edited.statusCode === 200 ? placed.statusCode : edited.statusCode, `${edited.body} ${placed.body}`).toBe(409);
    expect([edited.statusCode, placed.statusCode]).toContain(edited.statusCode === 200 ? 200 : 201);
    expect(await colourStock('Black')).toBe(0);
    const lines = await linesOf(order.id);
    expect(lines[0]!.quantity).toBe(edited.statusCode === 200 ? 2 : 1);
  });
});
