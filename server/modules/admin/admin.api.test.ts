import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { user } from '../../../db/schema/accounts';
import { invoices } from '../../../db/schema/invoices';
import { orderEvents, orders } from '../../../db/schema/orders';
import { refundDueDay } from '../../../domain/withdrawal';
import { setUpTestApp, signUpCustomer, signUpOwner, TEST_ORIGIN, turnOnTwoFactor } from '../../../testing/app';
import { ownerApi, type Who } from '../../../testing/ownerApi';
import { withdrawEverything } from '../../../testing/withdrawal';

const shop = setUpTestApp();

let owner: { id: string; email: string; cookie: string };
let customer: { email: string; cookie: string };

beforeAll(async () => {
  owner = await signUpOwner(shop.app, shop.database.db);
  customer = await signUpCustomer(shop.app);
});

beforeEach(async () => {
  // Invoices first: an order that has one cannot be deleted.
  await shop.database.db.delete(invoices);
  await shop.database.db.delete(orders);
});

const { get, post, place, version } = ownerApi(shop, () => owner);

describe('every /api/admin route is for the owner only', () => {
  const someId = randomUUID();
  type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /**
   * Every route of the back office, as a good request and as bad ones (invalid ids, bodies, queries): a visitor gets
   * 401 and a customer 403 whatever they send, before anything is read or validated; the owner gets `owner`.
   */
  const routes: { method: Method; url: string; body?: unknown; owner?: number }[] = [
    { method: 'GET', url: '/api/admin/dashboard', owner: 200 },
    { method: 'GET', url: '/api/admin/orders', owner: 200 },
    { method: 'GET', url: '/api/admin/orders?status=bogus', owner: 400 },
    { method: 'GET', url: '/api/admin/orders?limit=none', owner: 400 },
    { method: 'GET', url: '/api/admin/orders.csv', owner: 200 },
    { method: 'GET', url: '/api/admin/orders.csv?from=2026-02-30', owner: 400 },
    { method: 'GET', url: `/api/admin/orders/${someId}`, owner: 404 },
    { method: 'GET', url: '/api/admin/orders/not-a-uuid', owner: 400 },
    { method: 'POST', url: `/api/admin/orders/${someId}/status`, body: { to: 'confirmed', version: 1 }, owner: 404 },
    { method: 'POST', url: `/api/admin/orders/${someId}/status`, body: { to: 'paid' }, owner: 400 },
    { method: 'POST', url: '/api/admin/orders/not-a-uuid/status', body: [], owner: 400 },
    { method: 'GET', url: '/api/admin/owners', owner: 200 },
    { method: 'POST', url: '/api/admin/owners', body: { email: 'nobody@example.ro' }, owner: 404 },
    { method: 'POST', url: '/api/admin/owners', body: { email: 42 }, owner: 400 },
    { method: 'GET', url: '/api/admin/events' },
    { method: 'GET', url: `/api/admin/events?lastEventId=${'x'.repeat(60)}`, owner: 400 },
    { method: 'GET', url: '/api/admin/mails/failed', owner: 200 },
    { method: 'POST', url: '/api/admin/mails/999999999/resend', owner: 404 },
    { method: 'POST', url: '/api/admin/mails/not-a-number/resend', owner: 400 },
    { method: 'POST', url: '/api/admin/cod-blocks', body: { phone: 'not a phone' }, owner: 400 },
    { method: 'DELETE', url: '/api/admin/cod-blocks/999999', owner: 404 },
    { method: 'DELETE', url: '/api/admin/cod-blocks/x', owner: 400 },
    { method: 'GET', url: '/api/admin/products', owner: 200 },
    { method: 'GET', url: '/api/admin/products/no-such-product', owner: 404 },
    { method: 'GET', url: `/api/admin/products/${'x'.repeat(65)}`, owner: 400 },
    { method: 'POST', url: '/api/admin/products', body: { name: 42 }, owner: 400 },
    { method: 'PATCH', url: '/api/admin/products/1', body: { price: 'free' }, owner: 400 },
    { method: 'PUT', url: '/api/admin/products/1/images', body: { images: 'all' }, owner: 400 },
    { method: 'DELETE', url: '/api/admin/products/1/images/no-such-image.webp', owner: 404 },
    { method: 'GET', url: '/api/admin/invoices', owner: 200 },
    { method: 'GET', url: '/api/admin/invoices?month=2026-13', owner: 400 },
    { method: 'GET', url: `/api/admin/invoices/${someId}/pdf`, owner: 404 },
    { method: 'GET', url: `/api/admin/invoices/${someId}/xml`, owner: 404 },
    { method: 'GET', url: '/api/admin/invoices/not-a-uuid/pdf', owner: 400 },
    { method: 'GET', url: '/api/admin/invoices?state=ok', owner: 200 },
    { method: 'GET', url: '/api/admin/invoices?state=lost', owner: 400 },
    { method: 'GET', url: `/api/admin/invoices/${someId}/anaf.zip`, owner: 404 },
    { method: 'GET', url: '/api/admin/invoices.zip?month=2001-01', owner: 404 },
    { method: 'GET', url: '/api/admin/invoices.zip?month=now', owner: 400 },
    { method: 'POST', url: `/api/admin/invoices/${someId}/send-again`, owner: 404 },
    {
      method: 'POST',
      url: `/api/admin/invoices/${someId}/reissue`,
      body: { name: 'Ana Popescu', street: 'Strada Memorandumului 28', city: 'Cluj-Napoca', county: 'CJ', postalCode: '400114' },
      owner: 404,
    },
    { method: 'POST', url: `/api/admin/invoices/${someId}/reissue`, body: { name: 'Ana' }, owner: 400 },
    { method: 'GET', url: '/api/admin/anaf', owner: 200 },
    // This shop has no courier: no AWB is made, whatever is asked.
    { method: 'GET', url: `/api/admin/orders/${someId}/awb`, owner: 404 },
    {
      method: 'POST',
      url: `/api/admin/orders/${someId}/awb`,
      body: { courier: 'sameday', parcels: 1, weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10, declaredValue: 100, openPackage: false, version: 1 },
      owner: 404,
    },
    { method: 'POST', url: `/api/admin/orders/${someId}/awb`, body: { courier: 'pigeon' }, owner: 400 },
    { method: 'GET', url: `/api/admin/shipments/${someId}/label`, owner: 404 },
    { method: 'POST', url: `/api/admin/shipments/${someId}/cancel`, owner: 404 },
    { method: 'GET', url: '/api/admin/shipments/labels', owner: 404 },
    { method: 'GET', url: '/api/admin/shipments/labels?day=today', owner: 400 },
    { method: 'GET', url: `/api/admin/shipments/${someId}/label?format=A5`, owner: 400 },
    // This shop has no ANAF application: nothing to sign in to.
    { method: 'POST', url: '/api/admin/anaf/sign-in', owner: 409 },
    { method: 'GET', url: '/api/admin/anaf/callback?code=x&state=y', owner: 303 },
  ];

  it.each(routes.map((route) => [`${route.method} ${route.url.replace(someId, ':id')}`, route] as const))('%s: 401 visitor, 403 customer, then the owner’s answer', async (_name, route) => {
    const send = (who: Who, origin: string | null = TEST_ORIGIN) =>
      shop.app.inject({
        method: route.method,
        url: route.url.includes('events') && !route.url.includes('?') ? `${route.url}?probe=1` : route.url,
        ...(route.body === undefined ? {} : { payload: JSON.stringify(route.body) }),
        headers: { ...(route.body === undefined ? {} : { 'content-type': 'application/json' }), ...(who ? { cookie: who.cookie } : {}), ...(origin ? { origin } : {}) },
      });
    const visitor = await send(null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Please sign in with the shop owner’s account.');
    const asCustomer = await send(customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe('This is for the shop’s owner only.');
    if (route.method !== 'GET') {
      const otherSite = await send(owner, 'https://evil.example');
      expect(otherSite.statusCode).toBe(403);
      expect(otherSite.json().code).toBe('invalid_origin');
      const noOrigin = await send(owner, null);
      expect(noOrigin.statusCode).toBe(403);
    }
    if (route.owner === undefined) return; // the stream itself: read in liveOrders.api.test.ts
    const asOwner = await send(owner);
    expect(asOwner.statusCode, asOwner.body.slice(0, 300)).toBe(route.owner);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts today’s orders, those waiting for the owner, and this month’s delivered revenue', async () => {
    const delivered = await place();
    const waiting = await place();
    const old = await place();
    await shop.database.db.update(orders).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(orders.id, old.id));
    await post(`/api/admin/orders/${delivered.id}/status`, { to: 'confirmed', version: 1 });
    await post(`/api/admin/orders/${delivered.id}/status`, { to: 'shipped', version: 2, carrier: 'GLS', trackingNumber: 'G1' });
    await post(`/api/admin/orders/${delivered.id}/status`, { to: 'delivered', version: 3 });
    await post(`/api/admin/orders/${waiting.id}/status`, { to: 'confirmed', version: 1 });
    // The customer's withdrawal request leaves the order delivered: it is still delivered once, not twice.
    const withdrawal = await withdrawEverything(shop.app, { number: delivered.number, email: 'ana@example.ro' }, { iban: 'RO49AAAA1B31007593840000' });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const response = await get('/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    const { invoices, ...figures } = response.json();
    expect(figures).toEqual({
      ordersToday: 2,
      awaitingOwner: 2,
      deliveredRevenueThisMonth: 12496,
      failedMails: 0,
      overdueShipments: 0,
      overdueDays: 7,
      awbsToday: 0,
      couriersSetUp: false,
      // The 40-day-old cash order no one confirmed; the delivered one reached the door, not confirmed by its customer.
      unconfirmedCod: 1,
      confirmReminderHours: 24,
      refusals: { confirmed: { settled: 0, returned: 0 }, unconfirmed: { settled: 1, returned: 0 } },
      cashWithCouriers: [],
      pickups: [],
      // The withdrawal is open (its goods are still to come back): its refund's last day, for the page to warn by.
      refundsToPay: [{ withdrawalId: expect.any(String), orderId: delivered.id, orderNumber: delivered.number, refundDueDay: refundDueDay(new Date()) }],
      // No daily backup in a test app, and no job of its own late (backups.api.test.ts and jobs.test.ts tell of both).
      housekeeping: { backupsOn: false, lastBackup: null, lastMadeAt: null, backupWarning: null, lateJobs: [] },
    });
    // Without an ANAF application the shop says that invoices are not reported; the delivered order's invoice waits.
    expect(invoices.anaf).toEqual({ reporting: 'off', env: null, signedInBy: null, signedInAt: null, signInEndsAt: null, problem: null });
    expect(invoices.toReport).toEqual([expect.objectContaining({ orderId: delivered.id, anaf: 'unsent' })]);
    // Each counter opens the list of its orders (issue 46): the same orders, so the same count and sum.
    const listed = async (query: string) =>
      (get(`/api/admin/orders?${query}`).then((answer) => answer.json()) as Promise<{ orders: { id: string; total: number; status: string; version: number }[] }>).then((list) => list.orders);
    const waitingList = await listed('status=waiting');
    expect(waitingList).toHaveLength(figures.awaitingOwner);
    expect(waitingList.map((row) => row.status).sort()).toEqual(['confirmed', 'pending']);
    expect(waitingList.find((row) => row.id === waiting.id)?.version).toBe(2);
    const deliveredList = await listed('status=delivered_this_month');
    expect(deliveredList.map((row) => row.id)).toEqual([delivered.id]);
    expect(deliveredList.reduce((sum, row) => sum + row.total, 0)).toBe(figures.deliveredRevenueThisMonth);
    // Not confirmed by its customer 24 hours on, still new: the old one (the waiting one the owner confirmed).
    expect((await listed('status=unconfirmed')).map((row) => row.id)).toEqual([old.id]);
  });
});

describe('overdue shipments', () => {
  /** Confirms and ships an order, as shipped `daysAgo` days ago. */
  async function ship(id: string, daysAgo: number) {
    expect((await post(`/api/admin/orders/${id}/status`, { to: 'confirmed', version: 1 })).statusCode).toBe(200);
    expect((await post(`/api/admin/orders/${id}/status`, { to: 'shipped', version: 2, carrier: 'Sameday', trackingNumber: `S-${id.slice(0, 8)}` })).statusCode).toBe(200);
    await shop.database.db
      .update(orderEvents)
      .set({ at: sql`now() - make_interval(days => ${daysAgo}::int)` })
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, 'shipped')));
  }

  it('counts, lists and exports the orders shipped more than 7 days ago and not yet delivered or returned', async () => {
    const late = await place();
    const recent = await place();
    const delivered = await place();
    const justInTime = await place();
    await ship(late.id, 8);
    await ship(recent.id, 2);
    await ship(delivered.id, 8);
    await ship(justInTime.id, 6);
    expect((await post(`/api/admin/orders/${delivered.id}/status`, { to: 'delivered', version: 3 })).statusCode).toBe(200);
    // The customer's withdrawal request today leaves the late order shipped: it is not shipped again.
    const withdrawal = await withdrawEverything(shop.app, { number: late.number, email: 'ana@example.ro' });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);

    const figures = (await get('/api/admin/dashboard')).json();
    expect(figures).toMatchObject({ overdueShipments: 1, overdueDays: 7 });
    const list = await get('/api/admin/orders?status=overdue');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().orders.map((order: { number: number }) => order.number)).toEqual([late.number]);
    // Searching within them, and the courier's CSV of them.
    expect((await get(`/api/admin/orders?status=overdue&q=${recent.number}`)).json().orders).toEqual([]);
    const csv = (await get('/api/admin/orders.csv?status=overdue')).body.trim().split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^${late.number},`));
    // Once the owner marks it delivered, it is no longer overdue.
    expect((await post(`/api/admin/orders/${late.id}/status`, { to: 'delivered', version: await version(late.id) })).statusCode).toBe(200);
    expect((await get('/api/admin/dashboard')).json().overdueShipments).toBe(0);
    expect((await get('/api/admin/orders?status=overdue')).json().orders).toEqual([]);
  });

  it('refuses a status that is neither a status nor overdue, with a message', async () => {
    const response = await get('/api/admin/orders?status=late');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Choose a status from the list.');
  });
});

describe('owners', () => {
  it('lists the owners and promotes an existing account, 404 with a message for an unknown one', async () => {
    const before = (await get('/api/admin/owners')).json().owners.map((o: { email: string }) => o.email);
    expect(before).toContain(owner.email);
    expect(before).not.toContain(customer.email);

    const unknown = await post('/api/admin/owners', { email: 'nobody-here@example.ro' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no account for nobody-here@example.ro. Ask them to sign up in the shop first, then make them an owner.');

    const helper = await signUpCustomer(shop.app);
    const promoted = await post('/api/admin/owners', { email: `  ${helper.email.toUpperCase()} ` });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().owners.map((o: { email: string }) => o.email)).toContain(helper.email);
    const [row] = await shop.database.db.select({ role: user.role }).from(user).where(eq(user.email, helper.email));
    expect(row!.role).toBe('owner');
    // Their existing session opens the back office once they have set up two-factor sign-in (issue 48), not before.
    const first = await get('/api/admin/dashboard', helper);
    expect([first.statusCode, first.json()]).toEqual([403, expect.objectContaining({ code: 'two_factor_required', message: 'Set up two-factor sign-in first: the back office opens with it.' })]);
    const { cookie } = await turnOnTwoFactor(shop.app, helper.cookie);
    expect((await get('/api/admin/dashboard', { cookie })).statusCode).toBe(200);
  });
});
