/**
 * PREPAY_FREE_SHIPPING (issue 47): delivery free for an order paid by card before it leaves, a discount for paying
 * first and never a surcharge on cash: the cart's card payment, Buy now, a cash order paid by card instead, and edits.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../../db/schema/discounts';
import { invoices } from '../../../db/schema/invoices';
import { orders } from '../../../db/schema/orders';
import { signUpOwner, TEST_AUTH_SECRET, TEST_ORIGIN } from '../../../testing/app';
import { cardOrder, completed, sendWebhook, setUpCardShop } from '../../../testing/cardShop';
import { sampleOrder } from '../../../testing/sampleOrder';
import { orderPrepayKey } from '../orders/accessToken';

const shop = setUpCardShop({ prepayFreeShipping: true });
const db = () => shop.database.db;
let owner: Record<string, string>;

beforeAll(async () => {
  owner = { cookie: (await signUpOwner(shop.app, shop.database.db)).cookie, origin: TEST_ORIGIN };
}, 300_000);

const { email: _email, lines: _lines, paymentMethod: _method, idempotencyKey: _key, ...ADDRESS } = sampleOrder();
const rowOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const shippingAsked = () => {
  const options = shop.lastSessionRequest().body.shipping_options as { shipping_rate_data: { fixed_amount: { amount: string } } }[] | undefined;
  return Number(options?.[0]?.shipping_rate_data.fixed_amount.amount ?? 0);
};
const sessionIdOf = (url: string) => url.split('/').at(-1)!;

describe('free delivery for paying by card first', () => {
  it('is offered by the payment options, and a cash order still pays its delivery (never a surcharge)', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toMatchObject({ cardPayments: true, prepayFreeShipping: true });
    const cash = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines: [{ productId: '3', quantity: 1 }] }) });
    expect(await rowOf(cash.json().id)).toMatchObject({ shipping: 1999, totalAmount: (await shop.shopPrice('3')) + 1999 });
  });

  it('the cart’s card payment: the order and Stripe’s session carry no delivery; an edit keeps it free', async () => {
    const placed = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '3', quantity: 2 }]) });
    expect(placed.statusCode, placed.body).toBe(201);
    const belt = await shop.shopPrice('3');
    expect(await rowOf(placed.json().id)).toMatchObject({ subtotal: 2 * belt, shipping: 0, totalAmount: 2 * belt });
    expect(shippingAsked()).toBe(0);
    const paid = await sendWebhook(shop.app, completed(shop.fake.markPaid(sessionIdOf(placed.json().checkoutUrl))));
    expect(paid.json().result).toBe('paid');
    const row = await rowOf(placed.json().id);
    const edited = await shop.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${row.id}/contents`,
      payload: { version: row.version, lines: [{ productId: '3', quantity: 1 }], shipping: ADDRESS },
      headers: owner,
    });
    expect(edited.json()).toMatchObject({ shipping: 0, total: belt });
  });

  it('Buy now: its session charges no delivery, and the paid order Stripe makes has none', async () => {
    const answer = await shop.app.inject({ method: 'POST', url: '/api/payments/product-checkout', payload: { priceId: 'price_belt' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(shippingAsked()).toBe(0);
    expect(shop.lastSessionRequest().body.metadata).toMatchObject({ kind: 'product', freeShipping: '1' });
    const paid = await sendWebhook(shop.app, completed(shop.fake.markPaid(sessionIdOf(answer.json().url))));
    expect(paid.json().result).toBe('order_created');
    const [row] = await db()
      .select()
      .from(orders)
      .where(eq(orders.stripeSessionId, sessionIdOf(answer.json().url)));
    expect(row).toMatchObject({ status: 'paid', shipping: 0, totalAmount: await shop.shopPrice('3') });
  });

  it('a cash order paid by card instead: the link’s page says the lower sum, Stripe charges it, and the paid order and its invoice lose the delivery', async () => {
    const cash = (await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines: [{ productId: '3', quantity: 1 }] }) })).json() as { id: string };
    const belt = await shop.shopPrice('3');
    const key = orderPrepayKey(TEST_AUTH_SECRET, cash.id);
    expect((await shop.app.inject({ method: 'GET', url: `/api/orders/${cash.id}/prepay?key=${key}` })).json()).toMatchObject({ total: belt + 1999, toPay: belt });
    const pay = await shop.app.inject({ method: 'POST', url: `/api/orders/${cash.id}/prepay`, payload: { key } });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(shippingAsked()).toBe(0);
    expect(shop.lastSessionRequest().body.metadata).toMatchObject({ kind: 'prepay', freeShipping: '1' });
    const session = shop.fake.markPaid(sessionIdOf(pay.json().url));
    expect(session.amount_total).toBe(belt);
    expect((await sendWebhook(shop.app, completed(session))).json().result).toBe('paid');
    expect(await rowOf(cash.id)).toMatchObject({ status: 'paid', paymentMethod: 'card', shipping: 0, shippingVat: 0, totalAmount: belt });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, cash.id));
    expect(invoice!.document.amounts.gross).toBe(belt);
  });

  it('a card order Stripe could not charge (a code leaving less than 2.00 RON, delivery free) is refused before Stripe is asked, nothing kept', async () => {
    const [code] = await db()
      .insert(discountCodes)
      .values({ code: `ALL${Date.now() % 100_000}`, kind: 'percent', value: 100 })
      .returning();
    const before = (await db().select().from(orders)).length;
    const sessionsBefore = shop.fake.requests.filter((request) => request.path === '/v1/checkout/sessions').length;
    const answer = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '3', quantity: 1 }], { discountCode: code!.code }) });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'below_card_minimum', message: 'Card payments start at 2.00 RON. Pay this order in cash on delivery instead.' });
    expect((await db().select().from(orders)).length).toBe(before);
    expect(shop.fake.requests.filter((request) => request.path === '/v1/checkout/sessions').length).toBe(sessionsBefore);
    // Cash on delivery pays its delivery: the same cart is taken.
    const cash = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ lines: [{ productId: '3', quantity: 1 }], discountCode: code!.code }) });
    expect(cash.statusCode, cash.body).toBe(201);
  });
});
