import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { pushNotifications, pushSubscriptions } from '../../../db/schema/push';
import { orderRequestSchema } from '../../../domain/checkout';
import { setUpTestApp, signUpCustomer, signUpOwner, TEST_INVOICING, TEST_ORIGIN } from '../../../testing/app';
import { ownerApi, type Who } from '../../../testing/ownerApi';
import { type BrowserSubscription, browserSubscription, type PushServiceStandIn, startPushService, vapidClaims } from '../../../testing/pushService';
import { sampleOrder } from '../../../testing/sampleOrder';
import { generateVapidKeys, webPushSender } from '../../integrations/push';
import { setRole } from '../accounts/service';
import { checkInvoices } from '../invoices/checking';
import { cachedSchematron } from '../invoices/validation';
import { recordPaymentAlert } from '../orders/payments';
import { placeOrder } from '../orders/place';
import { changeOrderStatus } from '../orders/status';
import { sendDueNotifications } from './sending';
import { invoiceRefusedPush } from './service';

const vapid = { ...(await generateVapidKeys()), subject: 'mailto:owner@example.ro' };
let service: PushServiceStandIn;
const shop = setUpTestApp({ push: { sender: webPushSender(vapid, 5_000), publicKey: vapid.publicKey } });
let owners: { cookie: string; id: string; email: string }[];
let customer: { cookie: string };
const api = ownerApi(shop, () => owners[0]!);
const silent = { warn: () => undefined };

beforeAll(async () => {
  service = await startPushService();
  owners = [await signUpOwner(shop.app, shop.database.db), await signUpOwner(shop.app, shop.database.db)];
  customer = await signUpCustomer(shop.app);
  cachedSchematron();
}, 300_000);
afterAll(() => service?.stop());

const subscribeAs = (who: Who, subscription: Pick<BrowserSubscription, 'endpoint' | 'keys'>, language = 'en') =>
  api.post('/api/admin/push/subscriptions', { endpoint: subscription.endpoint, keys: subscription.keys, language }, who);

/** Sends what is due, and gives what each subscription received since `from`, decrypted. */
async function deliver(subscriptions: BrowserSubscription[], from: number) {
  await sendDueNotifications(shop.database.db, { sender: webPushSender(vapid, 5_000), publicKey: vapid.publicKey }, silent);
  return subscriptions.map((subscription) =>
    service.received
      .slice(from)
      .filter((request) => request.path === subscription.path)
      .map((request) => JSON.parse(subscription.decrypt(request.body))),
  );
}

describe('subscribing (owners only)', () => {
  it('refuses visitors (401) and customers (403), whatever they send', async () => {
    const browser = browserSubscription(service, 'refused');
    expect((await api.get('/api/admin/push', null)).statusCode).toBe(401);
    expect((await api.get('/api/admin/push', customer)).statusCode).toBe(403);
    expect((await subscribeAs(null, browser)).statusCode).toBe(401);
    expect((await subscribeAs(customer, browser)).statusCode).toBe(403);
    expect(await shop.database.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('gives the VAPID public key, keeps a subscription once however often it is sent, and lets it go', async () => {
    const answer = await api.get('/api/admin/push');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ publicKey: vapid.publicKey });
    const browser = browserSubscription(service, 'twice');
    expect((await subscribeAs(owners[0]!, browser)).json()).toEqual({ subscribed: true });
    expect((await subscribeAs(owners[0]!, browser, 'ro')).statusCode).toBe(200);
    const kept = await shop.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(kept).toMatchObject([{ userId: owners[0]!.id, language: 'ro', p256dh: browser.keys.p256dh, auth: browser.keys.auth }]);
    expect((await api.post('/api/admin/push/unsubscribe', { endpoint: browser.endpoint })).json()).toEqual({ subscribed: false });
    expect(await shop.database.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('refuses what is not a push subscription with 400, writing nothing', async () => {
    const browser = browserSubscription(service, 'bad');
    for (const payload of [
      { ...browser, endpoint: 'http://192.168.1.10/push/x' },
      { ...browser, endpoint: 'not a url' },
      { endpoint: browser.endpoint, keys: { p256dh: 'short', auth: browser.keys.auth } },
      { endpoint: browser.endpoint },
    ]) {
      const answer = await api.post('/api/admin/push/subscriptions', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await shop.database.db.select().from(pushSubscriptions)).toEqual([]);
  });
});

describe('sending to the owners’ phones', () => {
  let phones: BrowserSubscription[];
  beforeEach(async () => {
    await shop.database.db.delete(pushSubscriptions);
    phones = [browserSubscription(service, `owner-a-${Date.now()}`), browserSubscription(service, `owner-b-${Date.now()}`)];
    expect((await subscribeAs(owners[0]!, phones[0]!, 'en')).statusCode).toBe(200);
    expect((await subscribeAs(owners[1]!, phones[1]!, 'ro')).statusCode).toBe(200);
  });

  it('a new order: one notification per owner, encrypted for their phone (aes128gcm, VAPID), holding the order’s number and total only', async () => {
    const from = service.received.length;
    const order = await api.place();
    const [row] = await shop.database.db.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, order.id));
    const total = row!.total;
    const [english, romanian] = await deliver(phones, from);
    expect(english).toEqual([{ title: `New order ${order.number} · ${(total / 100).toFixed(2)} RON`, url: `/admin/orders/${order.id}` }]);
    expect(romanian).toEqual([{ title: `Comandă nouă ${order.number} · ${(total / 100).toFixed(2).replace('.', ',')}\u00a0lei`, url: `/admin/orders/${order.id}` }]);
    const requests = service.received.slice(from);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.headers).toMatchObject({ 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', ttl: '86400', urgency: 'high' });
      const claims = vapidClaims(request.headers);
      expect(claims).toMatchObject({ aud: service.url, sub: 'mailto:owner@example.ro', key: vapid.publicKey });
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      // Nothing of the customer, even encrypted: not their name, email, phone or address.
      const text = JSON.stringify([...english!, ...romanian!]);
      for (const personal of ['Ana', 'Popescu', 'ana@example.ro', '712', 'Memorandumului', 'Cluj']) expect(text).not.toContain(personal);
    }
    expect(await shop.database.db.select().from(pushNotifications)).toEqual([]);
  });

  it('a subscription the push service says is gone (410, 404) is deleted with what was left to send to it; the others get theirs', async () => {
    service.answer(phones[0]!.path, 410);
    const from = service.received.length;
    await api.place();
    const [gone, kept] = await deliver([phones[0]!, phones[1]!], from);
    expect(gone).toHaveLength(1);
    expect(kept).toHaveLength(1);
    expect((await shop.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)).map((row) => row.endpoint)).toEqual([phones[1]!.endpoint]);
    service.answer(phones[1]!.path, 404);
    await api.place();
    await deliver([], from);
    expect(await shop.database.db.select().from(pushSubscriptions)).toEqual([]);
    expect(await shop.database.db.select().from(pushNotifications)).toEqual([]);
  });

  it('a push service failing (500) keeps the notification for later', async () => {
    service.answer(phones[0]!.path, 503);
    await api.place();
    await deliver([], service.received.length);
    const left = await shop.database.db.select().from(pushNotifications);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ attempts: 1, leasedUntil: null });
    expect(left[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await shop.database.db.delete(pushNotifications);
    service.answer(phones[0]!.path, 201);
  });

  const titlesFor = async (from: number) => (await deliver(phones, from)).map((received) => received.map((payload: { title: string }) => payload.title));

  it('each event sends one notification per subscribed owner: a card order paid, a payment alert, an invoice refused, a parcel refused', async () => {
    const db = shop.database.db;
    // A card order tells the owners once it is paid, not while it waits for its payment.
    let from = service.received.length;
    const card = await placeOrder(db, orderRequestSchema.parse(sampleOrder({ paymentMethod: 'card' })), { status: 'awaiting_payment' });
    expect(await db.select().from(pushNotifications)).toEqual([]);
    expect(await changeOrderStatus(db, card.id, 'paid', { actor: 'stripe', invoicing: TEST_INVOICING })).toBe('changed');
    expect(await titlesFor(from)).toEqual([[expect.stringMatching(new RegExp(`^New order ${card.number} · `))], [expect.stringMatching(new RegExp(`^Comandă nouă ${card.number} · `))]]);

    from = service.received.length;
    await db.transaction((tx) => recordPaymentAlert(tx, { orderId: card.id, kind: 'paid_twice', stripeSessionId: 'cs_test_twice', amount: 1000, currency: 'ron' }));
    // The same alert told again (Stripe redelivering its event) is not told twice.
    await db.transaction((tx) => recordPaymentAlert(tx, { orderId: card.id, kind: 'paid_twice', stripeSessionId: 'cs_test_twice', amount: 1000, currency: 'ron' }));
    expect(await titlesFor(from)).toEqual([[expect.stringMatching(/^Payment to check: order \d+ · /)], [expect.stringMatching(/^Plată de verificat: comanda \d+ · /)]]);

    // An invoice the e-Factura rules refuse: a Bucharest address without its sector (BR-RO-101).
    const cash = await placeOrder(db, orderRequestSchema.parse(sampleOrder({ county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020452', sector: '2' })));
    await db.update(orders).set({ city: 'București' }).where(eq(orders.id, cash.id));
    for (const [to, extra] of [
      ['confirmed', {}],
      ['shipped', { carrier: 'Sameday', trackingNumber: 'S-PUSH-1' }],
    ] as const) {
      expect((await api.post(`/api/admin/orders/${cash.id}/status`, { to, version: await api.version(cash.id), ...extra }, owners[0]!, TEST_ORIGIN)).statusCode).toBe(200);
    }
    from = service.received.length;
    await deliver([], from);
    from = service.received.length;
    expect(await checkInvoices(db, 100, invoiceRefusedPush)).toBeGreaterThan(0);
    expect(await titlesFor(from)).toEqual([[`Invoice refused: order ${cash.number} · ${(cash.totals.total / 100).toFixed(2)} RON`], [expect.stringMatching(/^Factură respinsă: comanda \d+ · /)]]);

    // The courier brings the parcel back (shipping/tracking.ts makes the change as the system).
    from = service.received.length;
    expect(await changeOrderStatus(db, cash.id, 'returned', { actor: 'system', from: 'shipped', invoicing: TEST_INVOICING })).toBe('changed');
    expect(await titlesFor(from)).toEqual([[`Parcel refused: order ${cash.number} · ${(cash.totals.total / 100).toFixed(2)} RON`], [expect.stringMatching(/^Colet refuzat: comanda \d+ · /)]]);
    await checkInvoices(db, 100, invoiceRefusedPush);
    await shop.database.db.delete(pushNotifications);
  });

  it('an owner made a customer again gets nothing more', async () => {
    await setRole(shop.database.db, owners[0]!.id, 'customer');
    try {
      const from = service.received.length;
      await api.place();
      const [former, owner] = await deliver(phones, from);
      expect(former).toEqual([]);
      expect(owner).toHaveLength(1);
    } finally {
      await setRole(shop.database.db, owners[0]!.id, 'owner');
    }
  });
});
