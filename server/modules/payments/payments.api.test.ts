import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { orderLines, orders, paymentAlerts } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { buildTestApp, signUpCustomer, signUpOwner, TEST_ORIGIN, type TestApp } from '../../../testing/app';
import { cardOrder, completed, priceData, sendWebhook, setUpCardShop, WEBHOOK_SECRET } from '../../../testing/cardShop';
import type { FakeStripe } from '../../../testing/fakeStripe';

const shop = setUpCardShop();
const { lastSessionRequest, shopPrice } = shop;
let database: Database;
let fake: FakeStripe;
let app: TestApp;
let appWithoutStripe: TestApp;

beforeAll(async () => {
  ({ database, fake, app } = shop);
  appWithoutStripe = await buildTestApp(database.db);
});

afterAll(async () => {
  await appWithoutStripe?.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

const webhook = (event: object, target = app, secret = WEBHOOK_SECRET, timestamp?: number) => sendWebhook(target, event, secret, timestamp);

describe('single-product purchase', () => {
  it('creates a payment-mode Checkout Session for one product with our URLs, and no email for a guest', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/payments/product-checkout', payload: { priceId: 'price_key' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));

    const sent = lastSessionRequest();
    expect(sent.headers.authorization).toBe('Bearer sk_test_shop');
    // Stripe charges the shop's price for the product, whatever its Stripe Price says.
    expect(sent.body.line_items).toEqual([priceData('Dummy Car Key', await shopPrice('2'), 1)]);
    expect(sent.body).toMatchObject({
      mode: 'payment',
      success_url: `${TEST_ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_ORIGIN}/shop`,
      metadata: { kind: 'product', productId: '2' },
      shipping_address_collection: { allowed_countries: ['RO'] },
      // Discreet (the default, issue 47): the card statement names no product, after the account's own descriptor.
      payment_intent_data: { statement_descriptor_suffix: 'ACCESORII' },
    });
    expect(sent.body).not.toHaveProperty('customer_email');
    expect((sent.body.shipping_options as { shipping_rate_data: { fixed_amount: { amount: string } } }[])[0]!.shipping_rate_data.fixed_amount.amount).toBe('1999');
  });

  it('prefills the signed-in customer’s email, and their paid order is theirs: in My orders and on /success', async () => {
    const { email, cookie } = await signUpCustomer(app);
    const { url } = (await app.inject({ method: 'POST', url: '/api/payments/product-checkout', payload: { priceId: 'price_lighter' }, headers: { cookie } })).json();
    expect(lastSessionRequest().body.customer_email).toBe(email);
    const sessionId = url.split('/').at(-1);

    expect((await webhook(completed(fake.markPaid(sessionId)))).json().result).toBe('order_created');
    const mine = (await app.inject({ method: 'GET', url: '/api/orders', headers: { cookie } })).json().orders;
    expect(mine).toHaveLength(1);
    // No colour named: the lighter's first available one, as its page shows it chosen.
    expect(mine[0]).toMatchObject({ status: 'paid', email, total: 3999 + 1999, lines: [{ productId: '1', quantity: 1, colour: 'Black' }] });
    const success = (await app.inject({ method: 'GET', url: `/api/payments/sessions/${sessionId}`, headers: { cookie } })).json();
    expect(success.order).toMatchObject({ id: mine[0].id, status: 'paid' });
  });

  it("links no account when the buyer's account is gone by the time Stripe confirms", async () => {
    const { cookie } = await signUpCustomer(app);
    const { url } = (await app.inject({ method: 'POST', url: '/api/payments/product-checkout', payload: { priceId: 'price_key' }, headers: { cookie } })).json();
    const sessionId = url.split('/').at(-1);
    const session = fake.markPaid(sessionId);
    const event = completed({ ...session, metadata: { ...session.metadata, userId: 'no-such-user' } });
    expect((await webhook(event)).json().result).toBe('order_created');
    const [order] = await database.db.select().from(orders).where(eq(orders.stripeSessionId, sessionId));
    expect(order).toMatchObject({ status: 'paid', userId: null });
  });

  it('buys the colour chosen on the page, and refuses a hidden or sold-out product or colour before the customer pays', async () => {
    const start = (payload: object) => app.inject({ method: 'POST', url: '/api/payments/product-checkout', payload });
    const red = (available: boolean) => [
      { name: 'Black', available: true },
      { name: 'Red', available },
    ];
    try {
      await database.db
        .update(products)
        .set({ colourOptions: red(true) })
        .where(eq(products.id, '1'));
      const { url } = (await start({ priceId: 'price_lighter', colour: 'Red' })).json();
      expect(lastSessionRequest().body.metadata).toMatchObject({ kind: 'product', productId: '1', colour: 'Red' });
      expect((await webhook(completed(fake.markPaid(url.split('/').at(-1))))).json().result).toBe('order_created');
      const [line] = await database.db
        .select()
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orders.stripeSessionId, url.split('/').at(-1)));
      expect(line!.order_lines).toMatchObject({ productId: '1', colour: 'Red', colourLabel: 'Red' });
      // Paid for in a colour the owner removed meanwhile: the order is made all the same, the colour named.
      const { url: later } = (await start({ priceId: 'price_lighter', colour: 'Red' })).json();
      await database.db
        .update(products)
        .set({ colourOptions: red(true).slice(0, 1) })
        .where(eq(products.id, '1'));
      expect((await webhook(completed(fake.markPaid(later.split('/').at(-1))))).json().result).toBe('order_created');
      const [kept] = await database.db
        .select()
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orders.stripeSessionId, later.split('/').at(-1)));
      expect(kept!.order_lines).toMatchObject({ colour: 'Red' });

      fake.requests.length = 0;
      await database.db
        .update(products)
        .set({ colourOptions: red(false) })
        .where(eq(products.id, '1'));
      const redGone = await start({ priceId: 'price_lighter', colour: 'Red' });
      expect(redGone.statusCode).toBe(409);
      expect(redGone.json().message).toBe('Dummy Lighter (Red) is sold out');
      const green = await start({ priceId: 'price_lighter', colour: 'Green' });
      expect(green.statusCode).toBe(400);
      expect(green.json().message).toBe('Dummy Lighter has no colour Green. Please refresh the shop and try again.');

      await database.db.update(products).set({ stock: 0 }).where(eq(products.id, '2'));
      const soldOut = await start({ priceId: 'price_key' });
      expect(soldOut.statusCode).toBe(409);
      expect(soldOut.json().message).toBe('Dummy Car Key is sold out');
      await database.db.update(products).set({ stock: null, active: false }).where(eq(products.id, '2'));
      const hidden = await start({ priceId: 'price_key' });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe('Product Not Found');
      // Nothing reached Stripe.
      expect(fake.requests).toHaveLength(0);
    } finally {
      await database.db.update(products).set({ stock: null, active: true }).where(eq(products.id, '2'));
      await database.db
        .update(products)
        .set({ colourOptions: [{ name: 'Black', available: true }, ...red(false).slice(1), { name: 'Blue', available: false }] })
        .where(eq(products.id, '1'));
    }
  });

  it('answers 404 for an unknown price id and 503 without Stripe keys', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/payments/product-checkout', payload: { priceId: 'price_nope' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Product Not Found');
    expect(fake.requests).toHaveLength(0);

    const unconfigured = await appWithoutStripe.inject({ method: 'POST', url: '/api/payments/product-checkout', payload: { priceId: 'price_key' } });
    expect(unconfigured.statusCode).toBe(503);
    expect(unconfigured.json().message).toBe('Card payments are not configured on this shop.');
    expect((await appWithoutStripe.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ cardPayments: false, buyNowByCard: false, prepayFreeShipping: false });
  });

  it('creates the paid order from what Stripe collected when the webhook says it is paid, once', async () => {
    const { url } = (await app.inject({ method: 'POST', url: '/api/payments/product-checkout', payload: { priceId: 'price_belt' } })).json();
    const id = url.split('/').at(-1);
    const paid = fake.markPaid(id);
    const event = completed(paid);
    const first = await webhook(event);
    expect(first.json()).toEqual({ received: true, result: 'order_created' });
    const [order] = await database.db.select().from(orders).where(eq(orders.stripeSessionId, id));
    expect(order).toMatchObject({
      status: 'paid',
      paymentMethod: 'card',
      email: 'card.buyer@example.ro',
      firstName: 'Maria',
      lastName: 'Ionescu',
      city: 'Brașov',
      county: 'BV',
      street: 'Strada Lungă',
      streetNumber: '10',
      addressLine2: 'Ap. 4',
      postalCode: '500035',
      phoneNumber: '+40722000333',
      country: 'Romania',
      totalAmount: 3999 + 1999,
      userId: null,
    });
    expect((await webhook(event)).json().result).toBe('duplicate');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await webhook(completed(paid))).json().result).toBe('already_paid');
    const after = await database.db.select().from(orders).where(eq(orders.stripeSessionId, id));
    expect(after).toHaveLength(1);
    // The same payment told again (another event) keeps the first payment time.
    expect(after[0]!.paidAt).toEqual(order!.paidAt);
  });
});

describe('webhook', () => {
  async function awaitingOrder() {
    const { id, checkoutUrl } = (await app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '2', quantity: 1 }]) })).json();
    return { id, sessionId: checkoutUrl.split('/').at(-1) as string };
  }
  const statusOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

  it('marks the order paid on a correctly signed checkout.session.completed', async () => {
    const { id, sessionId } = await awaitingOrder();
    expect(lastSessionRequest().body).toMatchObject({ payment_intent_data: { statement_descriptor_suffix: 'ACCESORII' } });
    const response = await webhook(completed(fake.markPaid(sessionId)));
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe('paid');
    expect(await statusOf(id)).toBe('paid');
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { id, sessionId } = await awaitingOrder();
    const forged = await webhook(completed(fake.markPaid(sessionId)), app, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid Stripe signature.');
    const unsigned = await app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(completed({})) });
    expect(unsigned.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('awaiting_payment');
  });

  it('refuses a correctly signed event stamped more than 5 minutes from now, in the past or the future', async () => {
    const { id, sessionId } = await awaitingOrder();
    // Stamped just before each is sent, a few seconds past the limit: a loaded machine may take a second or two
    // between the stamp and the check (at 301 s, that turned a future stamp into an accepted one).
    for (const offset of [3600, 3 * 24 * 3600, 305, -305]) {
      const response = await webhook(completed(fake.markPaid(sessionId)), app, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + offset);
      expect(response.statusCode, `offset ${offset}`).toBe(400);
      expect(response.json().message).toBe('Invalid Stripe signature.');
    }
    expect(await statusOf(id)).toBe('awaiting_payment');
    const withinTolerance = await webhook(completed(fake.markPaid(sessionId)), app, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + 240);
    expect(withinTolerance.json().result).toBe('paid');
  });

  it('changes nothing twice for a replayed or late event, and nothing for an unpaid one', async () => {
    const { id, sessionId } = await awaitingOrder();
    const unpaid = await webhook(completed(fake.sessions.get(sessionId)!));
    expect(unpaid.json().result).toBe('ignored');
    expect(await statusOf(id)).toBe('awaiting_payment');

    const event = completed(fake.markPaid(sessionId));
    expect((await webhook(event)).json().result).toBe('paid');
    const paidAt = (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!.paidAt;
    expect(paidAt).toBeInstanceOf(Date);
    expect((await webhook(event)).json().result).toBe('duplicate');
    // The same completion delivered again as a new event (out of order, after the order moved on).
    await database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, id));
    expect((await webhook(completed(fake.sessions.get(sessionId)!))).json().result).toBe('already_paid');
    const [after] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(after!.status).toBe('shipped');
    expect(after!.paidAt).toEqual(paidAt);
  });

  it('cancels an order whose session expired unpaid, but never a paid one', async () => {
    const { id, sessionId } = await awaitingOrder();
    const expired = (session: object) => ({ id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.expired', data: { object: session } });
    expect((await webhook(expired({ ...fake.sessions.get(sessionId)!, status: 'expired' }))).json().result).toBe('cancelled');
    expect(await statusOf(id)).toBe('cancelled');

    const paid = await awaitingOrder();
    await webhook(completed(fake.markPaid(paid.sessionId)));
    expect((await webhook(expired(fake.sessions.get(paid.sessionId)!))).json().result).toBe('ignored');
    expect(await statusOf(paid.id)).toBe('paid');
  });

  it('leaves a cancelled order cancelled when its payment arrives late (cancelled is final), and asks the owners to refund it, once', async () => {
    const { id, sessionId } = await awaitingOrder();
    const expired = { id: `evt_${randomUUID()}`, object: 'event', type: 'checkout.session.expired', data: { object: { ...fake.sessions.get(sessionId)!, status: 'expired' } } };
    expect((await webhook(expired)).json().result).toBe('cancelled');
    const paid = fake.markPaid(sessionId);
    expect((await webhook(completed(paid))).json().result).toBe('paid_after_cancel');
    const [after] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(after!.status).toBe('cancelled');
    expect(after!.paidAt).not.toBeNull();
    expect(after!.stripeSessionId).toBe(sessionId);
    const alerts = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, id), eq(outbox.kind, 'paid_after_cancel')));
    expect(alerts).toMatchObject([{ recipient: 'owners' }]);
    // The same payment told again (a new event): nothing more.
    expect((await webhook(completed(paid))).json().result).toBe('already_paid');
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, id), eq(outbox.kind, 'paid_after_cancel'))),
    ).toHaveLength(1);
  });

  it('acknowledges an event for an unknown order without changing anything', async () => {
    const session = { ...fake.markPaid((await awaitingOrder()).sessionId), metadata: { kind: 'order', orderId: randomUUID() } };
    const response = await webhook(completed(session));
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe('unknown_order');
    const junk = await webhook(completed({ ...session, metadata: { kind: 'order', orderId: "1' or 1=1" } }));
    expect(junk.json().result).toBe('unknown_order');
  });
});

describe('a card payment is what the order says, once', () => {
  const alertsOf = (orderId: string) => database.db.select().from(paymentAlerts).where(eq(paymentAlerts.orderId, orderId));
  const alertMailsOf = (orderId: string) =>
    database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, 'payment_alert')));
  const sessionsAskedFor = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;

  it('records a payment of another amount on the order, alerts the owners once, and shows it in the back office', async () => {
    const { id, checkoutUrl } = (await app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '2', quantity: 1 }]) })).json();
    const sessionId = checkoutUrl.split('/').at(-1) as string;
    const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
    // Stripe charged less than the order says (a session changed in Stripe's dashboard, a bug): never silently paid.
    const paid = { ...fake.markPaid(sessionId), amount_total: order!.totalAmount - 1000 };
    expect((await webhook(completed(paid))).json().result).toBe('amount_mismatch');
    expect(await alertsOf(id)).toMatchObject([{ kind: 'amount_mismatch', stripeSessionId: sessionId, amount: order!.totalAmount - 1000, currency: 'ron' }]);
    expect(await alertMailsOf(id)).toMatchObject([{ recipient: 'owners' }]);
    // Told again (another event for the same payment): nothing more.
    expect((await webhook(completed(paid))).json().result).toBe('already_paid');
    expect(await alertsOf(id)).toHaveLength(1);
    expect(await alertMailsOf(id)).toHaveLength(1);
    const owner = await signUpOwner(app, database.db);
    const view = (await app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: { cookie: owner.cookie } })).json();
    expect(view).toMatchObject({ status: 'paid', total: order!.totalAmount, paymentAlerts: [{ kind: 'amount_mismatch', amount: order!.totalAmount - 1000, currency: 'ron' }] });
    // A payment of exactly the total raises nothing.
    const exact = (await app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '2', quantity: 1 }]) })).json();
    expect((await webhook(completed(fake.markPaid(exact.checkoutUrl.split('/').at(-1))))).json().result).toBe('paid');
    expect(await alertsOf(exact.id)).toEqual([]);
  });

  it('a single-product purchase whose price the owner changed before it was paid is recorded with what Stripe charged', async () => {
    const { url } = (await app.inject({ method: 'POST', url: '/api/payments/product-checkout', payload: { priceId: 'price_marker' } })).json();
    const sessionId = url.split('/').at(-1) as string;
    const before = await shopPrice('4');
    await database.db
      .update(products)
      .set({ price: before + 500 })
      .where(eq(products.id, '4'));
    try {
      await app.catalogue.reload();
      expect((await webhook(completed(fake.markPaid(sessionId)))).json().result).toBe('amount_mismatch');
      const [order] = await database.db.select().from(orders).where(eq(orders.stripeSessionId, sessionId));
      expect(order).toMatchObject({ status: 'paid', totalAmount: before + 500 + 1999 });
      expect(await alertsOf(order!.id)).toMatchObject([{ kind: 'amount_mismatch', amount: before + 1999, currency: 'ron' }]);
    } finally {
      await database.db.update(products).set({ price: before }).where(eq(products.id, '4'));
      await app.catalogue.reload();
    }
  });

  it('answers a replay of a paid or cancelled order with the order as it is, and never makes a session for it', async () => {
    const request = cardOrder([{ productId: '2', quantity: 1 }]);
    const first = (await app.inject({ method: 'POST', url: '/api/orders', payload: request })).json();
    await webhook(completed(fake.markPaid(first.checkoutUrl.split('/').at(-1))));
    const made = sessionsAskedFor();
    fake.idempotencyWindow(0);
    try {
      const replay = await app.inject({ method: 'POST', url: '/api/orders', payload: request });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ id: first.id, number: first.number, status: 'paid', accessToken: expect.any(String) });
      expect(sessionsAskedFor()).toBe(made);

      const cancelled = cardOrder([{ productId: '2', quantity: 1 }]);
      const placed = (await app.inject({ method: 'POST', url: '/api/orders', payload: cancelled })).json();
      const expiredEvent = {
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'checkout.session.expired',
        data: { object: { ...fake.sessions.get(placed.checkoutUrl.split('/').at(-1))!, status: 'expired' } },
      };
      expect((await webhook(expiredEvent)).json().result).toBe('cancelled');
      const again = await app.inject({ method: 'POST', url: '/api/orders', payload: cancelled });
      expect(again.json()).toMatchObject({ id: placed.id, status: 'cancelled' });
      expect(again.json()).not.toHaveProperty('checkoutUrl');
      expect(sessionsAskedFor()).toBe(made + 1);
    } finally {
      fake.idempotencyWindow(24 * 3_600_000);
    }
  });

  it('after Stripe’s 24 hours a replay still awaiting payment gets a new session, and the old one is expired at Stripe', async () => {
    const request = cardOrder([{ productId: '3', quantity: 1 }]);
    const first = (await app.inject({ method: 'POST', url: '/api/orders', payload: request })).json();
    const oldSession = first.checkoutUrl.split('/').at(-1) as string;
    // Within Stripe's window the replay gets the same session.
    expect((await app.inject({ method: 'POST', url: '/api/orders', payload: request })).json().checkoutUrl).toBe(first.checkoutUrl);
    fake.idempotencyWindow(0);
    try {
      const replay = (await app.inject({ method: 'POST', url: '/api/orders', payload: request })).json();
      const newSession = replay.checkoutUrl.split('/').at(-1) as string;
      expect(newSession).not.toBe(oldSession);
      expect((await database.db.select().from(orders).where(eq(orders.id, first.id)))[0]!.stripeSessionId).toBe(newSession);
      // The old page can no longer be paid: only one of the two can take the money.
      expect(fake.sessions.get(oldSession)!.status).toBe('expired');
      expect(() => fake.markPaid(oldSession)).toThrow(/expired/);
      expect((await webhook(completed(fake.markPaid(newSession)))).json().result).toBe('paid');
    } finally {
      fake.idempotencyWindow(24 * 3_600_000);
    }
  });

  it('a second paid session for an order paid already is recorded, and the owners are asked to refund it, once', async () => {
    const request = cardOrder([{ productId: '3', quantity: 1 }]);
    const first = (await app.inject({ method: 'POST', url: '/api/orders', payload: request })).json();
    const oldSession = first.checkoutUrl.split('/').at(-1) as string;
    // Paid in one tab, its notification still on its way, while the replay in another tab makes a new session.
    const paidFirst = fake.markPaid(oldSession);
    fake.idempotencyWindow(0);
    try {
      const replay = (await app.inject({ method: 'POST', url: '/api/orders', payload: request })).json();
      const newSession = replay.checkoutUrl.split('/').at(-1) as string;
      expect((await webhook(completed(fake.markPaid(newSession)))).json().result).toBe('paid');
      expect((await webhook(completed(paidFirst))).json().result).toBe('paid_twice');
      expect(await alertsOf(first.id)).toMatchObject([{ kind: 'paid_twice', stripeSessionId: oldSession, currency: 'ron' }]);
      expect(await alertMailsOf(first.id)).toHaveLength(1);
      // The order keeps the session that paid it first.
      expect((await database.db.select().from(orders).where(eq(orders.id, first.id)))[0]).toMatchObject({ status: 'paid', stripeSessionId: newSession });
      // Told again: nothing more.
      expect((await webhook(completed(paidFirst))).json().result).toBe('paid_twice');
      expect(await alertsOf(first.id)).toHaveLength(1);
      expect(await alertMailsOf(first.id)).toHaveLength(1);
    } finally {
      fake.idempotencyWindow(24 * 3_600_000);
    }
  });
});

describe('success page check', () => {
  it('reports paid only when Stripe says so, and unknown for an unknown session', async () => {
    const { checkoutUrl } = (await app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '1', quantity: 1, colour: 'Black' }]) })).json();
    const sessionId = checkoutUrl.split('/').at(-1);
    expect((await app.inject({ method: 'GET', url: `/api/payments/sessions/${sessionId}` })).json()).toMatchObject({ status: 'unpaid', sessionId, orderUrl: null });
    fake.markPaid(sessionId);
    expect((await app.inject({ method: 'GET', url: `/api/payments/sessions/${sessionId}` })).json()).toMatchObject({ status: 'paid', sessionId });
    expect((await app.inject({ method: 'GET', url: '/api/payments/sessions/cs_test_doesnotexist' })).json()).toEqual({
      status: 'unknown',
      sessionId: 'cs_test_doesnotexist',
      order: null,
      orderUrl: null,
    });
    expect((await app.inject({ method: 'GET', url: '/api/payments/sessions/not-a-session' })).statusCode).toBe(400);
  });

  it('names the order a session paid, in its real status, to its signed-in owner only', async () => {
    const owner = await signUpCustomer(app);
    const placed = await app.inject({ method: 'POST', url: '/api/orders', payload: cardOrder([{ productId: '2', quantity: 1 }]), headers: { cookie: owner.cookie } });
    expect(placed.statusCode).toBe(201);
    const { id, checkoutUrl } = placed.json();
    const sessionId = checkoutUrl.split('/').at(-1);
    const status = (cookie?: string) => app.inject({ method: 'GET', url: `/api/payments/sessions/${sessionId}`, headers: cookie ? { cookie } : {} });

    const [saved] = await database.db.select({ number: orders.number, createdAt: orders.createdAt }).from(orders).where(eq(orders.id, id));
    expect((await status(owner.cookie)).json().order).toEqual({ id, number: saved!.number, status: 'awaiting_payment', createdAt: saved!.createdAt.toISOString() });

    const session = fake.markPaid(sessionId);
    expect((await webhook(completed(session))).json().result).toBe('paid');
    expect((await status(owner.cookie)).json()).toMatchObject({ status: 'paid', order: { id, status: 'paid' } });

    // Without the account (the same buyer in another browser, a guest) the answer names no order,
    // but gives the order's own page, as the buyer's mail does: the session id is in their address only.
    const asGuest = (await status()).json();
    expect(asGuest).toMatchObject({ status: 'paid', order: null, orderUrl: expect.stringMatching(new RegExp(`^/orders/${id}\\?token=[\\w-]{32}$`)) });
    const page = await app.inject({ method: 'GET', url: `/api${asGuest.orderUrl}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id, status: 'paid' });
    expect((await status((await signUpCustomer(app)).cookie)).json()).toMatchObject({ status: 'paid', order: null, orderUrl: asGuest.orderUrl });
  });

  it('tells the web app whether the card option is on', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ cardPayments: true, buyNowByCard: true, prepayFreeShipping: false });
  });
});
