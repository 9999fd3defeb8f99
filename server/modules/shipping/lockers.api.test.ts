import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { courierRounds, lockers, shipments } from '../../../db/schema/shipping';
import { seedCatalog } from '../../../db/seed';
import { buildTestApp, signUpOwner, TEST_ORIGIN, type TestApp } from '../../../testing/app';
import { startTestCouriers, type TestCouriers } from '../../../testing/couriers';
import { createTestDatabase } from '../../../testing/database';
import type { FakeFan } from '../../../testing/fakeFan';
import type { FakeSameday } from '../../../testing/fakeSameday';
import { sampleOrder } from '../../../testing/sampleOrder';
import type { Shipping } from './couriers';
import { loadLockers } from './lockers';

// Sameday easybox at checkout (issue 33): the lockers loaded from a stand-in for Sameday (testing/fakeSameday.ts: two
// in Cluj-Napoca, 2102 taking no payment, one in Bucharest's Sectorul 4), listed by the shop's API, chosen for an
// order, and its AWB made to the locker; on the embedded database or PostgreSQL.

let sameday: FakeSameday;
let fan: FakeFan;
let database: Database;
let app: TestApp;
let withoutCouriers: TestApp;
let owner: { cookie: string };
let shipping: Shipping;
let couriers: TestCouriers;

beforeAll(async () => {
  couriers = await startTestCouriers();
  ({ sameday, fan, shipping } = couriers);
  database = await createTestDatabase();
  await seedCatalog(database.db);
  app = await buildTestApp(database.db, { listen: database.listen, shipping });
  withoutCouriers = await buildTestApp(database.db, { listen: database.listen });
  owner = await signUpOwner(app, database.db);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await withoutCouriers?.close();
  await database?.close();
  await couriers?.close();
});

const lockerListCalls = () => sameday.requests.filter((request) => request.path === '/api/client/lockers').length;
const lockersDueNow = () =>
  database.db
    .update(courierRounds)
    .set({ nextAt: new Date(Date.now() - 1000) })
    .where(eq(courierRounds.kind, 'lockers'));
const ordersCount = async () => (await database.db.select({ n: count() }).from(orders))[0]!.n;
const placeOrder = (overrides: Record<string, unknown>, shop = app) => shop.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder(overrides), headers: { 'accept-language': 'en' } });
const asOwner = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } });

describe('loading the lockers', () => {
  it('loads Sameday’s list once a day, each locker with its county’s code, updating and removing as Sameday does', async () => {
    expect(await loadLockers(database.db, shipping)).toBe(1);
    const loaded = await database.db.select().from(lockers).orderBy(lockers.id);
    expect(loaded.map(({ id, county, city, acceptsCash }) => ({ id, county, city, acceptsCash }))).toEqual([
      { id: '1001', county: 'B', city: 'Sectorul 4', acceptsCash: true },
      { id: '2101', county: 'CJ', city: 'Cluj-Napoca', acceptsCash: true },
      { id: '2102', county: 'CJ', city: 'Cluj-Napoca', acceptsCash: false },
    ]);
    // Not due again for a day.
    const calls = lockerListCalls();
    expect(await loadLockers(database.db, shipping)).toBe(0);
    expect(lockerListCalls()).toBe(calls);

    // A locker Sameday no longer lists goes; one it renamed is renamed.
    await database.db.insert(lockers).values({ courier: 'sameday', id: '9999', name: 'easybox closed', county: 'CJ', city: 'Cluj-Napoca', address: 'Str. X 1', postalCode: '400000' });
    await database.db.update(lockers).set({ name: 'old name' }).where(eq(lockers.id, '2101'));
    await lockersDueNow();
    await loadLockers(database.db, shipping);
    expect((await database.db.select({ id: lockers.id, name: lockers.name }).from(lockers).orderBy(lockers.id)).map((row) => row.id)).toEqual(['1001', '2101', '2102']);
    expect((await database.db.select({ name: lockers.name }).from(lockers).where(eq(lockers.id, '2101')))[0]!.name).toBe('easybox Iulius Mall Cluj');
  });

  it('two processes at once: one asks Sameday', async () => {
    await lockersDueNow();
    const calls = lockerListCalls();
    expect((await Promise.all([loadLockers(database.db, shipping), loadLockers(database.db, shipping)])).sort()).toEqual([0, 1]);
    expect(lockerListCalls()).toBe(calls + 1);
  });

  it('Sameday down: the lockers known are kept, and asked for again within the hour', async () => {
    await lockersDueNow();
    sameday.down(true);
    await expect(loadLockers(database.db, shipping)).rejects.toMatchObject({ kind: 'unavailable' });
    sameday.down(false);
    expect((await database.db.select({ n: count() }).from(lockers))[0]!.n).toBe(3);
    const [round] = await database.db.select().from(courierRounds).where(eq(courierRounds.kind, 'lockers'));
    expect(round!.leaseUntil).toBeNull();
    expect(round!.nextAt.getTime() - Date.now()).toBeLessThan(3600_000);
  });
});

describe('GET /api/lockers', () => {
  it('lists the towns of a county with lockers, and a town’s lockers by name, with their address', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/lockers' })).json()).toEqual({ offered: true, cities: [], lockers: [] });
    const cluj = await app.inject({ method: 'GET', url: '/api/lockers?county=CJ' });
    expect(cluj.statusCode).toBe(200);
    expect(cluj.json()).toEqual({ offered: true, cities: [{ name: 'Cluj-Napoca', lockers: 2 }], lockers: [] });
    const town = (await app.inject({ method: 'GET', url: '/api/lockers?county=CJ&city=Cluj-Napoca' })).json();
    expect(town.lockers).toEqual([
      { courier: 'sameday', id: '2101', name: 'easybox Iulius Mall Cluj', county: 'CJ', city: 'Cluj-Napoca', address: 'Str. Alexandru Vaida Voevod, Nr. 53B', postalCode: '400436', acceptsCash: true },
      { courier: 'sameday', id: '2102', name: 'easybox Lidl Manastur', county: 'CJ', city: 'Cluj-Napoca', address: 'Calea Floresti, Nr. 60', postalCode: '400509', acceptsCash: false },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/lockers?county=B&city=Sectorul%204' })).json().lockers.map((locker: { id: string }) => locker.id)).toEqual(['1001']);
  });

  it('offers none without Sameday, and refuses a county that is not one', async () => {
    expect((await withoutCouriers.inject({ method: 'GET', url: '/api/lockers?county=CJ' })).json()).toEqual({ offered: false, cities: [], lockers: [] });
    const bad = await app.inject({ method: 'GET', url: '/api/lockers?county=XX' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/county/);
  });
});

describe('an order to an easybox', () => {
  it('keeps the locker chosen (a copy), shows it on the customer’s and the owner’s order, and its AWB goes there', async () => {
    const placed = await placeOrder({ lockerId: '2101' });
    expect(placed.statusCode, placed.body).toBe(201);
    const locker = {
      courier: 'sameday',
      id: '2101',
      name: 'easybox Iulius Mall Cluj',
      county: 'CJ',
      city: 'Cluj-Napoca',
      address: 'Str. Alexandru Vaida Voevod, Nr. 53B',
      postalCode: '400436',
      acceptsCash: true,
    };
    const { id, accessToken } = placed.json();
    expect((await app.inject({ url: `/api/orders/${id}?token=${accessToken}` })).json().locker).toEqual(locker);
    // The courier renames it later: the order keeps it as chosen.
    await database.db.update(lockers).set({ name: 'renamed' }).where(eq(lockers.id, '2101'));
    const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.locker).toEqual(locker);
    // The invoice's address stays the customer's.
    expect(row).toMatchObject({ city: 'Cluj-Napoca', street: 'Strada Memorandumului' });

    await asOwner('POST', `/api/admin/orders/${id}/status`, { to: 'confirmed', version: 1 });
    const page = (await asOwner('GET', `/api/admin/orders/${id}`)).json();
    expect(page.locker).toEqual(locker);
    const draft = (await asOwner('GET', `/api/admin/orders/${id}/awb`)).json();
    expect(draft).toMatchObject({ couriers: [{ id: 'sameday' }], locker, addressOk: true });
    expect(draft.couriers).toHaveLength(1);

    // Another courier is refused before it is asked; Sameday's AWB names the locker and has its address.
    const base = { parcels: 1, weightGrams: 600, lengthCm: 20, widthCm: 15, heightCm: 10, declaredValue: row!.totalAmount, openPackage: false, version: page.version };
    const withFan = await asOwner('POST', `/api/admin/orders/${id}/awb`, { ...base, courier: 'fan' });
    expect(withFan.statusCode).toBe(400);
    expect(withFan.json().message).toBe('This order goes to a Sameday easybox: create its AWB with Sameday.');
    expect(fan.requests.filter((request) => request.path === '/intern-awb')).toHaveLength(0);
    const created = await asOwner('POST', `/api/admin/orders/${id}/awb`, { ...base, courier: 'sameday' });
    expect(created.statusCode, created.body).toBe(201);
    expect(sameday.requests.filter((request) => request.path === '/api/awb').at(-1)!.form).toMatchObject({
      lockerLastMile: '2101',
      service: '15',
      cashOnDelivery: (row!.totalAmount / 100).toFixed(2),
      'awbRecipient[address]': 'Str. Alexandru Vaida Voevod, Nr. 53B',
      'awbRecipient[cityString]': 'Cluj-Napoca',
      'awbRecipient[countyString]': 'Cluj',
      'awbRecipient[postalCode]': '400436',
    });
    const [shipment] = await database.db.select().from(shipments).where(eq(shipments.orderId, id));
    expect(shipment!.lockerId).toBe('2101');
  });

  it('refuses a locker that is gone, one without payment for cash on delivery, and any without Sameday: nothing is written', async () => {
    const before = await ordersCount();
    const gone = await placeOrder({ lockerId: '4242' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('This easybox is no longer available: please choose another.');
    const noCash = await placeOrder({ lockerId: '2102' });
    expect(noCash.statusCode).toBe(409);
    expect(noCash.json().message).toBe('This easybox takes no payment on pickup: please pay by card now, or choose another easybox.');
    const notOffered = await placeOrder({ lockerId: '2101' }, withoutCouriers);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().message).toBe('Delivery to an easybox is not offered right now: please choose delivery to your address.');
    const blank = await placeOrder({ lockerId: '' });
    expect(blank.statusCode).toBe(400);
    expect(await ordersCount()).toBe(before);
  });

  it('a retry with the same key for another locker is another request, refused', async () => {
    const order = sampleOrder({ lockerId: '2101' });
    expect((await app.inject({ method: 'POST', url: '/api/orders', payload: order })).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/api/orders', payload: order })).statusCode).toBe(200);
    const other = await app.inject({ method: 'POST', url: '/api/orders', payload: { ...order, lockerId: '1001' } });
    expect(other.statusCode).toBe(409);
  });
});
