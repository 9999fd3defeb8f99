/** A cart paid by card: the order saved awaiting payment, and the Checkout Session made from it exactly (checkout/service.ts placeCardOrder). */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { discountCodes } from '../../../db/schema/discounts';
import { orderLines, orders, paymentAlerts } from '../../../db/schema/orders';
import { TEST_ORIGIN, type TestApp } from '../../../testing/app';
import { cardOrder, completed, priceData, STRIPE_PRICES, sendWebhook, setUpCardShop, WEBHOOK_SECRET } from '../../../testing/cardShop';
import type { FakeStripe } from '../../../testing/fakeStripe';

const shop = setUpCardShop();
const { lastSessionRequest, shopPrice } = shop;
let database: Database;
let fake: FakeStripe;
let app: TestApp;

beforeAll(async () => {
  ({ database, fake, app } = shop);
});

beforeEach(() => {
  fake.requests.length = 0;
});

const webhook = (event: object, target = app, secret = WEBHOOK_SECRET, timestamp?: number) => sendWebhook(target, event, secret, timestamp);

describe('cart card path', () => {
  it('saves the order awaiting payment, then makes a session from its lines as stored: names, prices, quantities and shipping', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: cardOrder(
        [
          { productId: '1', quantity: 2, colour: 'Black' },
          { productId: '4', quantity: 1 },
        ],
        { total: 1, lines: undefined },
      ),
    });
    // lines were removed by the override above: prove the schema still guards the card path
    expect(response.statusCode).toBe(400);

    const ok = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: cardOrder([
        { productId: '1', quantity: 2, colour: 'Black' },
        { productId: '4', quantity: 1 },
      ]),
    });
    expect(ok.statusCode).toBe(201);
    const { id, checkoutUrl } = ok.json();
    expect(checkoutUrl).toMatch(/\/pay\/cs_test_/);

    const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'card', subtotal: 11997, shipping: 1999, totalAmount: 13996 });
    expect(order!.stripeSessionId).toMatch(/^cs_test_/);

    const sent = lastSessionRequest();
    expect(sent.body.line_items).toEqual([priceData('Dummy Lighter (Black)', await shopPrice('1'), 2), priceData('Dummy Marker', await shopPrice('4'), 1)]);
    expect(sent.body).toMatchObject({
      mode: 'payment',
      success_url: `${TEST_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}&order_id=${id}`,
      cancel_url: `${TEST_ORIGIN}/shop`,
      customer_email: 'card@example.ro',
      metadata: { kind: 'order', orderId: id },
    });
    expect(sent.headers['idempotency-key']).toBe(`order-${id}`);
    expect(fake.sessions.get(order!.stripeSessionId!)!.amount_total).toBe(13996);
  });

  it('charges no shipping from 200 RON', async () => {
    await app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '2', quantity: 4 }]) });
    const amount = (lastSessionRequest().body.shipping_options as { shipping_rate_data: { fixed_amount: { amount: string } } }[])[0]!.shipping_rate_data.fixed_amount.amount;
    expect(amount).toBe('0');
  });

  it('charges a product with no Stripe price id like any other: Stripe gets the shop’s name and price', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '5', quantity: 1 }]) });
    expect(response.statusCode).toBe(201);
    expect(lastSessionRequest().body.line_items).toEqual([priceData('Dummy Phone Charger', await shopPrice('5'), 1)]);
    // In Romanian, by the names the customer reads.
    await app.inject({ method: 'POST', url: '/api/orders', headers: { 'accept-language': 'ro-RO' }, payload: cardOrder([{ productId: '5', quantity: 1 }]) });
    expect(lastSessionRequest().body.line_items).toEqual([priceData('Încărcător de telefon cu ascunzătoare', await shopPrice('5'), 1)]);
  });

  it('charges exactly the order: two colours, free shipping, and the price the owner changed after the cart was filled', async () => {
    const [lighter] = await database.db.select().from(products).where(eq(products.id, '1'));
    await database.db
      .update(products)
      .set({ colourOptions: lighter!.colourOptions.map((option) => ({ ...option, available: true })), price: 4550 })
      .where(eq(products.id, '1'));
    try {
      // The cart said 39.99 a piece; the owner has made it 45.50 since: the order and Stripe both say 45.50.
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: cardOrder([
          { productId: '1', quantity: 3, colour: 'Black' },
          { productId: '1', quantity: 2, colour: 'Blue' },
        ]),
      });
      expect(response.statusCode).toBe(201);
      const [order] = await database.db.select().from(orders).where(eq(orders.id, response.json().id));
      expect(order).toMatchObject({ subtotal: 5 * 4550, shipping: 0, totalAmount: 5 * 4550 });
      const sent = lastSessionRequest();
      expect(sent.body.line_items).toEqual([priceData('Dummy Lighter (Black)', 4550, 3), priceData('Dummy Lighter (Blue)', 4550, 2)]);
      expect((sent.body.shipping_options as { shipping_rate_data: { fixed_amount: { amount: string; currency: string } } }[])[0]!.shipping_rate_data.fixed_amount).toEqual({
        amount: '0',
        currency: 'ron',
      });
      expect(fake.sessions.get(order!.stripeSessionId!)).toMatchObject({ amount_total: order!.totalAmount, currency: 'ron' });
    } finally {
      await database.db.update(products).set({ colourOptions: lighter!.colourOptions, price: lighter!.price }).where(eq(products.id, '1'));
    }
  });

  it('takes a discount code off at Stripe too, as a one-off coupon: the payment is the order’s discounted total, paid without an alert', async () => {
    await database.db.insert(discountCodes).values([
      { code: 'CARD10', kind: 'percent', value: 10 },
      { code: 'CARD60', kind: 'amount', value: 6000 },
    ]);
    const key = await shopPrice('2');
    // 10% off one key (shipping charged); 60 RON off four keys, which takes them under 200 RON: shipping is charged again.
    for (const [code, quantity, discount] of [
      ['card10', 1, Math.round(key / 10)],
      ['CARD60', 4, 6000],
    ] as const) {
      fake.requests.length = 0;
      const request = cardOrder([{ productId: '2', quantity }], { discountCode: code });
      const response = await app.inject({ method: 'POST', url: '/api/orders', payload: request });
      expect(response.statusCode).toBe(201);
      const { id, checkoutUrl } = response.json();
      const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
      expect(order).toMatchObject({ subtotal: key * quantity, discount, discountCode: code.toUpperCase(), shipping: 1999, totalAmount: key * quantity - discount + 1999 });

      // A coupon of the order's discount, in lei, once, for this order only; retried, Stripe answers with the same one.
      const couponRequests = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/coupons');
      expect(couponRequests).toHaveLength(1);
      expect(couponRequests[0]!.body).toEqual({
        amount_off: String(discount),
        currency: 'ron',
        duration: 'once',
        max_redemptions: '1',
        name: code.toUpperCase(),
        metadata: { kind: 'order', orderId: id },
      });
      expect(couponRequests[0]!.headers['idempotency-key']).toBe(`order-${id}-coupon`);
      const sent = lastSessionRequest();
      const couponId = (sent.body.discounts as { coupon: string }[])[0]!.coupon;
      expect(sent.body.discounts).toEqual([{ coupon: couponId }]);
      expect(fake.coupons.get(couponId)).toMatchObject({ amount_off: discount, currency: 'ron', duration: 'once', max_redemptions: 1, name: code.toUpperCase() });
      // The lines at their prices and the shipping as the order has them: Stripe takes the coupon off the lines.
      expect(sent.body.line_items).toEqual([priceData('Dummy Car Key', key, quantity)]);
      expect((sent.body.shipping_options as { shipping_rate_data: { fixed_amount: { amount: string } } }[])[0]!.shipping_rate_data.fixed_amount.amount).toBe('1999');
      const sessionId = checkoutUrl.split('/').at(-1) as string;
      expect(fake.sessions.get(sessionId)).toMatchObject({ amount_total: order!.totalAmount, currency: 'ron', total_details: { amount_discount: discount, amount_shipping: 1999 } });

      // Submitted again (a retry): Stripe answers with the same coupon and session, nothing more is made there.
      const couponsMade = fake.coupons.size;
      expect((await app.inject({ method: 'POST', url: '/api/orders', payload: request })).json().checkoutUrl).toBe(checkoutUrl);
      expect(fake.coupons.size).toBe(couponsMade);
      expect((lastSessionRequest().body.discounts as { coupon: string }[])[0]!.coupon).toBe(couponId);

      expect((await webhook(completed(fake.markPaid(sessionId)))).json().result).toBe('paid');
      expect((await database.db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({ status: 'paid', totalAmount: order!.totalAmount });
      expect(await database.db.select().from(paymentAlerts).where(eq(paymentAlerts.orderId, id))).toEqual([]);
      expect(fake.coupons.get(couponId)).toMatchObject({ times_redeemed: 1, valid: false });
    }

    // Without a code: no coupon, no discounts.
    fake.requests.length = 0;
    await app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '2', quantity: 1 }]) });
    expect(fake.requests.filter((r) => r.path === '/v1/coupons')).toEqual([]);
    expect(lastSessionRequest().body).not.toHaveProperty('discounts');
  });

  it('the fake Stripe refuses a coupon or a discount as Stripe does, so what it charges can be trusted', async () => {
    const post = async (path: string, form: Record<string, string>) => {
      const response = await fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_shop', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
      return { status: response.status, body: (await response.json()) as { id?: string; error?: { code?: string; param?: string } } };
    };
    expect((await post('/v1/coupons', { amount_off: '0', currency: 'ron', duration: 'once' })).body.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount_off' });
    expect((await post('/v1/coupons', { amount_off: '12.5', currency: 'ron', duration: 'once' })).body.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount_off' });
    expect((await post('/v1/coupons', { amount_off: '500', duration: 'once' })).body.error).toMatchObject({ code: 'parameter_missing', param: 'currency' });
    expect((await post('/v1/coupons', { amount_off: '500', currency: 'ron', duration: 'sometimes' })).status).toBe(400);
    expect((await post('/v1/coupons', { currency: 'ron', duration: 'once' })).status).toBe(400);
    const session = { mode: 'payment', success_url: `${TEST_ORIGIN}/success`, cancel_url: `${TEST_ORIGIN}/shop`, 'line_items[0][price]': 'price_key', 'line_items[0][quantity]': '1' };
    const unknown = await post('/v1/checkout/sessions', { ...session, 'discounts[0][coupon]': 'coupon_nope' });
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: 'resource_missing', param: 'discounts[0][coupon]' } } });
    const euros = await post('/v1/coupons', { amount_off: '500', currency: 'eur', duration: 'once' });
    expect((await post('/v1/checkout/sessions', { ...session, 'discounts[0][coupon]': euros.body.id! })).status).toBe(400);
    // An amount off more than the lines takes them to nothing, never the shipping.
    const big = await post('/v1/coupons', { amount_off: '100000', currency: 'ron', duration: 'once' });
    const made = await post('/v1/checkout/sessions', {
      ...session,
      'discounts[0][coupon]': big.body.id!,
      'shipping_options[0][shipping_rate_data][type]': 'fixed_amount',
      'shipping_options[0][shipping_rate_data][display_name]': 'Standard shipping',
      'shipping_options[0][shipping_rate_data][fixed_amount][amount]': '1999',
      'shipping_options[0][shipping_rate_data][fixed_amount][currency]': 'ron',
    });
    expect(fake.sessions.get(made.body.id!)).toMatchObject({ amount_total: 1999, total_details: { amount_discount: STRIPE_PRICES.price_key } });
  });

  it('answers 502 with the spec message when Stripe refuses the session, keeps no order, and a retry with the same key places one', async () => {
    const order = cardOrder([{ productId: '3', quantity: 1 }]);
    const withKey = () => database.db.select().from(orders).where(eq(orders.idempotencyKey, order.idempotencyKey));
    const linesBefore = (await database.db.select().from(orderLines)).length;
    fake.refuseSessions('Invalid request');
    try {
      const response = await app.inject({ method: 'POST', url: '/api/orders', payload: order });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('Failed to create Stripe checkout session');
      // The order saved before asking Stripe is removed again, lines and all: nothing waits for a payment that cannot come.
      expect(await withKey()).toEqual([]);
      expect((await database.db.select().from(orderLines)).length).toBe(linesBefore);
    } finally {
      fake.refuseSessions(null);
    }

    const retry = await app.inject({ method: 'POST', url: '/api/orders', payload: order });
    expect(retry.statusCode).toBe(201);
    const saved = await withKey();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: retry.json().id, status: 'awaiting_payment', totalAmount: 3999 + 1999 });
    expect(saved[0]!.stripeSessionId).toBe(retry.json().checkoutUrl.split('/').at(-1));
    // A new order id, so a new Stripe idempotency key: Stripe's stored answer to the failed request is not replayed.
    expect(lastSessionRequest().headers['idempotency-key']).toBe(`order-${saved[0]!.id}`);
    expect((await database.db.select().from(orderLines).where(eq(orderLines.orderId, saved[0]!.id))).length).toBe(1);
  });

  it('a retry in another language within Stripe’s window gets the same payment page (the session is asked for with the order’s stored values); one with another email is refused before Stripe', async () => {
    const body = cardOrder([{ productId: '3', quantity: 1 }], { email: 'Retry.Card@Example.ro' });
    const first = await app.inject({ method: 'POST', url: '/api/orders', payload: body, headers: { 'accept-language': 'en' } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await app.inject({ method: 'POST', url: '/api/orders', payload: body, headers: { 'accept-language': 'ro-RO' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().checkoutUrl).toBe(first.json().checkoutUrl);
    const sessionsAsked = () => fake.requests.filter((request) => request.path === '/v1/checkout/sessions').map((request) => [request.body.locale, request.body.customer_email]);
    expect(sessionsAsked()).toEqual([
      ['en', 'Retry.Card@Example.ro'],
      ['en', 'Retry.Card@Example.ro'],
    ]);
    const otherEmail = await app.inject({ method: 'POST', url: '/api/orders', payload: { ...body, email: 'retry.card@example.ro' } });
    expect(otherEmail.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(sessionsAsked()).toHaveLength(2);
  });
});
