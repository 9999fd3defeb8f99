import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { courierRounds, shipments } from '../../../db/schema/shipping';
import { seedCatalog } from '../../../db/seed';
import { orderRequestSchema } from '../../../domain/checkout';
import { bucharestDay } from '../../../domain/locale';
import { buildTestApp, signUpOwner, TEST_ORIGIN, type TestApp } from '../../../testing/app';
import { createTestDatabase } from '../../../testing/database';
import { type FakeCargus, startFakeCargus } from '../../../testing/fakeCargus';
import { sampleOrder } from '../../../testing/sampleOrder';
import { cargusCourier } from '../../integrations/couriers/cargus';
import { bucharestIso } from '../../integrations/couriers/courier';
import { placeOrder } from '../orders/place';
import { changeOrderStatus } from '../orders/status';
import { NO_COURIERS, type Shipping } from './couriers';
import { orderPickups } from './pickup';
import { createAwb } from './service';

// Ordering Cargus's pickup (issue 43, item 4) against the Cargus stand-in, on the embedded database or PostgreSQL.

let cargus: FakeCargus;
let database: Database;
let app: TestApp;
let owner: { cookie: string; id: string };

const shippingWith = (mode: 'daily' | 'each' | 'automatic'): Shipping => ({
  ...NO_COURIERS,
  couriers: new Map([['cargus', cargusCourier({ subscriptionKey: 'key', username: 'webexpress', password: 'secret', baseUrl: cargus.url, pickup: { mode, hours: { from: '15:00', to: '18:00' } } })]]),
  defaultCourier: 'cargus',
  trackInBackground: false,
});

beforeAll(async () => {
  cargus = await startFakeCargus({ subscriptionKey: 'key', username: 'webexpress', password: 'secret' });
  database = await createTestDatabase();
  await seedCatalog(database.db);
  app = await buildTestApp(database.db, { listen: database.listen, shipping: shippingWith('daily') });
  owner = await signUpOwner(app, database.db);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await cargus?.close();
});

const today = bucharestDay(new Date());
/** Today at HH:MM, Bucharest's time. */
const at = (time: string) => new Date(bucharestIso(`${today} ${time}:00`));

/** A Cargus AWB for a new confirmed order, as made at `time` today. */
async function awbAt(time: string, shipping: Shipping) {
  const placed = await placeOrder(database.db, orderRequestSchema.parse(sampleOrder()));
  await changeOrderStatus(database.db, placed.id, 'confirmed', { actor: 'owner' });
  const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
  const request = { courier: 'cargus' as const, parcels: 1, weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10, declaredValue: order!.totalAmount, openPackage: false, version: order!.version };
  const shipment = await createAwb(database.db, placed.id, request, shipping, owner, null);
  await database.db
    .update(shipments)
    .set({ createdAt: at(time) })
    .where(eq(shipments.id, shipment.id));
  return shipment.awb;
}

/** The next round, with the clock at `time` today (the round due, as it would be by then). */
async function roundAt(time: string, shipping: Shipping) {
  await database.db
    .update(courierRounds)
    .set({ nextAt: new Date(Date.now() - 1000) })
    .where(eq(courierRounds.kind, 'pickup'));
  return orderPickups(database.db, shipping, at(time));
}

const dashboard = async () => (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: owner.cookie, origin: TEST_ORIGIN } })).json().pickups;

describe('ordering Cargus’s pickup', () => {
  it('daily: nothing before the pickup hours; at their start the day’s AWBs are ordered once, for the window; later AWBs in another order', async () => {
    const shipping = shippingWith('daily');
    const first = await awbAt('10:00', shipping);
    expect(await roundAt('14:00', shipping)).toBe(0);
    expect(cargus.pickups()).toEqual([]);
    expect(await dashboard()).toEqual([{ courier: 'cargus', courierName: 'Cargus', mode: 'daily', hours: { from: '15:00', to: '18:00' }, orderedAt: null, order: null, waiting: 1 }]);

    expect(await roundAt('15:05', shipping)).toBe(1);
    const [launched] = cargus.pickups();
    expect(launched).toMatchObject({ location: 0, awbs: [first], from: at('15:05'), to: at('18:00') });
    expect(cargus.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/Orders',
      query: { locationId: '0', action: '1', PickupStartDate: at('15:05').toISOString(), PickupEndDate: at('18:00').toISOString() },
    });
    expect(await dashboard()).toEqual([expect.objectContaining({ orderedAt: at('15:05').toISOString(), order: launched!.order, waiting: 0 })]);
    // Nothing new: no second order.
    expect(await roundAt('15:30', shipping)).toBe(0);
    expect(cargus.pickups()).toHaveLength(1);

    const second = await awbAt('16:00', shipping);
    expect(await dashboard()).toEqual([expect.objectContaining({ order: launched!.order, waiting: 1 })]);
    expect(await roundAt('16:10', shipping)).toBe(1);
    expect(cargus.pickups().at(-1)).toMatchObject({ awbs: [second], from: at('16:10'), to: at('18:00') });
  });

  it('after each AWB: ordered at the next round; past the hours, for tomorrow’s; automatic: never ordered by the shop', async () => {
    const each = shippingWith('each');
    const before = cargus.pickups().length;
    const awb = await awbAt('16:30', each);
    expect(await roundAt('16:31', each)).toBe(1);
    expect(cargus.pickups().at(-1)).toMatchObject({ awbs: [awb], from: at('16:31'), to: at('18:00') });
    const late = await awbAt('19:00', each);
    expect(await roundAt('19:01', each)).toBe(1);
    const tomorrow = new Date(at('15:00').getTime() + 86_400_000);
    expect(cargus.pickups().at(-1)).toMatchObject({ awbs: [late] });
    expect(Math.abs(cargus.pickups().at(-1)!.from.getTime() - tomorrow.getTime())).toBeLessThanOrEqual(3_600_000);
    const automatic = shippingWith('automatic');
    await awbAt('19:30', automatic);
    expect(await roundAt('20:00', automatic)).toBe(0);
    expect(cargus.pickups()).toHaveLength(before + 2);
  });
});
