/** Orders the owner takes by phone or message (issue 47): checkout/ownerOrders.ts, POST /api/admin/orders. */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../../db/schema/discounts';
import { invoices } from '../../../db/schema/invoices';
import { orderEvents, orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { cashOnDelivery } from '../../../domain/courier';
import { OWNER_PAY_LINK_DAYS } from '../../../domain/orders';
import { signUpOwner, TEST_AUTH_SECRET, TEST_ORIGIN } from '../../../testing/app';
import { completed, priceData, sendWebhook, setUpCardShop } from '../../../testing/cardShop';
import { lighterColours, SEEDED_LIGHTER_COLOURS } from '../../../testing/lighterColours';
import { sampleOrder } from '../../../testing/sampleOrder';
import { orderPrepayKey } from '../orders/accessToken';
import { PAY_LINK_NOTE, reconcileCardOrders } from './stripeEvents';

const shop = setUpCardShop();
const db = () => shop.database.db;
let owner: { cookie: string; origin: string };
let ownerId: string;

beforeAll(async () => {
  const signedUp = await signUpOwner(shop.app, shop.database.db);
  owner = { cookie: signedUp.cookie, origin: TEST_ORIGIN };
  ownerId = signedUp.id;
}, 300_000);

const SEEDED = SEEDED_LIGHTER_COLOURS;
const lighter = lighterColours(shop);
const setLighterColours = lighter.set;
afterEach(async () => {
  await setLighterColours(SEEDED);
});

const newOrder = (order: Record<string, unknown>, locale = 'ro', headers: Record<string, string> = owner) =>
  shop.app.inject({ method: 'POST', url: '/api/admin/orders', payload: { order: sampleOrder(order), locale }, headers });
const rowOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const mailsOf = async (id: string) => (await db().select({ kind: outbox.kind, recipient: outbox.recipient }).from(outbox).where(eq(outbox.orderId, id))).map((mail) => mail.kind).sort();
const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]!.n;
const reconcile = (now?: Date) => reconcileCardOrders({ db: db(), payments: { db: db(), gateway: shop.gateway, publicUrl: TEST_ORIGIN } }, now);
const blackLeft = () => lighter.stockOf('Black');

describe('New order: the owner takes an order by phone or message', () => {
  it('cash on delivery with a discount code: priced by the server, the code counted, the stock taken, its mails, the timeline naming the owner', async () => {
    await setLighterColours([{ name: 'Black', available: true, stock: 6 }, ...SEEDED.slice(1)]);
    const [code] = await db()
      .insert(discountCodes)
      .values({ code: `PHONE${Date.now() % 100_000}`, kind: 'percent', value: 10 })
      .returning();
    const email = `phone-${Date.now()}@example.ro`;
    const answer = await newOrder({ email, lines: [{ productId: '1', quantity: 2, colour: 'Black' }], discountCode: code!.code, paymentMethod: 'cod' });
    expect(answer.statusCode, answer.body).toBe(201);
    const placed = answer.json();
    const price = await shop.shopPrice('1');
    expect(placed).toMatchObject({ status: 'pending', paymentMethod: 'cod', subtotal: 2 * price, discount: Math.round(0.2 * price), discountCode: code!.code, email });
    expect(placed.lines).toEqual([expect.objectContaining({ productId: '1', name: 'Brichetă cu ascunzătoare', colour: 'Negru', quantity: 2, unitPrice: price })]);
    expect(await blackLeft()).toBe(4);
    expect((await db().select({ uses: discountCodes.uses }).from(discountCodes).where(eq(discountCodes.id, code!.id)))[0]!.uses).toBe(1);
    const row = await rowOf(placed.id);
    expect(row).toMatchObject({ placedByOwner: true, locale: 'ro', userId: null });
    expect(cashOnDelivery({ paymentMethod: row.paymentMethod, total: row.totalAmount })).toBe(row.totalAmount);
    expect(await db().select().from(orderEvents).where(eq(orderEvents.orderId, placed.id))).toEqual([
      expect.objectContaining({ actor: 'owner', actorUserId: ownerId, fromStatus: null, toStatus: 'pending' }),
    ]);
    // An order like any other: the customer's confirmation (with its Confirm and Pay links) and the owners' alert.
    expect(await mailsOf(placed.id)).toEqual(['new_order', 'order_placed']);
  });

  it('with a card pay link: awaiting payment with its goods put aside, the link mailed; paid from it, a paid card order with its mails and invoice', async () => {
    await setLighterColours([{ name: 'Black', available: true, stock: 3 }, ...SEEDED.slice(1)]);
    const answer = await newOrder({ lines: [{ productId: '1', quantity: 1, colour: 'Black' }], paymentMethod: 'card' }, 'en');
    expect(answer.statusCode, answer.body).toBe(201);
    const placed = answer.json();
    expect(placed).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'card' });
    expect(await blackLeft()).toBe(2);
    expect(await mailsOf(placed.id)).toEqual(['pay_link']);
    // The link's page offers to pay; its button opens Stripe for the order's own amounts.
    const key = orderPrepayKey(TEST_AUTH_SECRET, placed.id);
    expect((await shop.app.inject({ method: 'GET', url: `/api/orders/${placed.id}/prepay?key=${key}` })).json()).toMatchObject({ number: placed.number, closed: null });
    const pay = await shop.app.inject({ method: 'POST', url: `/api/orders/${placed.id}/prepay`, payload: { key } });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(shop.lastSessionRequest().body).toMatchObject({ metadata: { kind: 'paylink', orderId: placed.id }, line_items: [priceData('Dummy Lighter (Black)', await shop.shopPrice('1'), 1)] });
    // Hours later, without a session of its own (its link's are not attached), it still waits for its payment.
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 5 * 3_600_000) })
      .where(eq(orders.id, placed.id));
    await reconcile();
    expect(await rowOf(placed.id)).toMatchObject({ status: 'awaiting_payment' });
    const paid = await sendWebhook(shop.app, completed(shop.fake.markPaid(pay.json().url.split('/').at(-1))));
    expect(paid.json().result).toBe('paid');
    expect(await rowOf(placed.id)).toMatchObject({ status: 'paid', paymentMethod: 'card', paidAt: expect.any(Date) });
    expect(
      await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, placed.id), eq(orderEvents.toStatus, 'paid'))),
    ).toEqual([expect.objectContaining({ actor: 'stripe', fromStatus: 'awaiting_payment', note: PAY_LINK_NOTE })]);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, placed.id))).toHaveLength(1);
    expect(await mailsOf(placed.id)).toEqual(['new_order', 'order_placed', 'pay_link']);
    // Paid: the link says so and opens nothing.
    expect((await shop.app.inject({ method: 'POST', url: `/api/orders/${placed.id}/prepay`, payload: { key } })).json()).toMatchObject({ code: 'prepay_paid' });
  });

  it(`unpaid ${OWNER_PAY_LINK_DAYS} days after its pay link, it is cancelled and its goods given back`, async () => {
    await setLighterColours([{ name: 'Black', available: true, stock: 2 }, ...SEEDED.slice(1)]);
    const placed = (await newOrder({ lines: [{ productId: '1', quantity: 2, colour: 'Black' }], paymentMethod: 'card' })).json();
    expect(await blackLeft()).toBe(0);
    const later = new Date(Date.now() + OWNER_PAY_LINK_DAYS * 86_400_000 + 60_000);
    expect((await reconcile(later)).cancelled).toBeGreaterThanOrEqual(1);
    expect(await rowOf(placed.id)).toMatchObject({ status: 'cancelled' });
    expect(await blackLeft()).toBe(2);
    expect(
      (
        await db()
          .select()
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, placed.id), eq(orderEvents.toStatus, 'cancelled')))
      )[0],
    ).toMatchObject({
      note: `Not paid within ${OWNER_PAY_LINK_DAYS} days of the pay link`,
    });
  });

  it('twenty storefront orders and the owner’s, at once, for the last five of a colour: exactly five are placed', async () => {
    await setLighterColours([{ name: 'Black', available: true, stock: 5 }, ...SEEDED.slice(1)]);
    const before = await orderCount();
    const line = [{ productId: '1', quantity: 1, colour: 'Black' }];
    const storefront = Array.from({ length: 20 }, (_, index) =>
      shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: `race-${index}@example.ro`, phoneNumber: `+40 712 000 ${String(100 + index)}`, lines: line }) }),
    );
    const answers = await Promise.all([...storefront, newOrder({ lines: line })]);
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) expect(refused.json()).toMatchObject({ code: 'out_of_stock' });
    expect(await blackLeft()).toBe(0);
    expect(await orderCount()).toBe(before + 5);
  });

  it('bad input gets a clear 4xx and writes nothing: beyond stock, a sold-out colour, an unknown colour, a bad postal code, cash from a refused contact', async () => {
    await setLighterColours([{ name: 'Black', available: true, stock: 1 }, ...SEEDED.slice(1)]);
    const before = await orderCount();
    const refusals = [
      [await newOrder({ lines: [{ productId: '1', quantity: 2, colour: 'Black' }] }, 'en'), 409, 'Only 1 left of Dummy Lighter (Black)'],
      [await newOrder({ lines: [{ productId: '1', quantity: 1, colour: 'Red' }] }, 'en'), 409, 'Dummy Lighter (Red) is sold out'],
      [await newOrder({ lines: [{ productId: '1', quantity: 1, colour: 'Green' }] }, 'en'), 400, 'Dummy Lighter has no colour Green. Please refresh the shop and try again.'],
      [await newOrder({ postalCode: '12' }), 400, undefined],
      // An address the couriers cannot take: Bucharest without its sector.
      [await newOrder({ county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020452' }, 'en'), 400, 'Choose the sector of your Bucharest address.'],
    ] as const;
    for (const [answer, status, message] of refusals) {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().message).toEqual(message ?? expect.any(String));
    }
    const blocked = `blocked-${Date.now()}@example.ro`;
    expect((await shop.app.inject({ method: 'POST', url: '/api/admin/cod-blocks', payload: { email: blocked }, headers: owner })).statusCode).toBeLessThan(300);
    const cash = await newOrder({ email: blocked, lines: [{ productId: '5', quantity: 1 }] });
    expect(cash.json()).toMatchObject({ code: 'cod_not_offered', message: expect.stringContaining('pay link') });
    expect(await orderCount()).toBe(before);
    expect(await blackLeft()).toBe(1);
    // Only an owner places one.
    expect((await newOrder({ lines: [{ productId: '5', quantity: 1 }] }, 'ro', { origin: TEST_ORIGIN })).statusCode).toBe(401);
    expect(
      await db()
        .select()
        .from(orders)
        .where(and(eq(orders.placedByOwner, true), isNull(orders.discountCode), eq(orders.email, blocked))),
    ).toHaveLength(0);
  });
});
