import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { withdrawals } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { returnAwbs } from '../../../db/schema/shipping';
import { seedCatalog } from '../../../db/seed';
import { orderRequestSchema } from '../../../domain/checkout';
import type { CourierId } from '../../../domain/courier';
import { buildTestApp, signUpOwner, TEST_ORIGIN, type TestApp } from '../../../testing/app';
import { startTestCouriers, type TestCouriers } from '../../../testing/couriers';
import { createTestDatabase } from '../../../testing/database';
import { type FakeCargus, startFakeCargus } from '../../../testing/fakeCargus';
import { sampleOrder } from '../../../testing/sampleOrder';
import { withdrawEverything } from '../../../testing/withdrawal';
import { cargusCourier } from '../../integrations/couriers/cargus';
import { fanCourier } from '../../integrations/couriers/fan';
import { placeOrder } from '../orders/place';
import { changeOrderStatus } from '../orders/status';
import type { Shipping } from './couriers';
import { loadLockers } from './lockers';
import { checkReturnAwbs } from './returnAwbs';

// Create return AWB (issue 45) against the couriers' stand-ins (Sameday, FAN, Cargus), on the embedded database or
// PostgreSQL: the withdrawal's goods from the customer to the shop, nothing to collect, the label mailed.

let couriers: TestCouriers;
let cargus: FakeCargus;
let database: Database;
let app: TestApp;
let owner: { cookie: string; id: string };
let shipping: Shipping;

beforeAll(async () => {
  couriers = await startTestCouriers();
  cargus = await startFakeCargus({ subscriptionKey: 'primary-key', username: 'webexpress', password: 'secret' });
  shipping = {
    ...couriers.shipping,
    couriers: new Map([...couriers.shipping.couriers, ['cargus', cargusCourier({ subscriptionKey: 'primary-key', username: 'webexpress', password: 'secret', baseUrl: cargus.url })]]),
  };
  database = await createTestDatabase();
  await seedCatalog(database.db);
  await loadLockers(database.db, shipping);
  app = await buildTestApp(database.db, { listen: database.listen, shipping });
  owner = await signUpOwner(app, database.db);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await couriers?.close();
  await cargus?.close();
});

const asOwner = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } });
let placed = 0;

/**
 * A cash order (two lighters and a phone charger, to Cluj) shipped with `courier` through Create AWB, delivered, and
 * withdrawn from entirely with an IBAN: the order and its withdrawal's id.
 */
async function withdrawnOrder(courier: CourierId) {
  const email = `return-awb-${Date.now()}-${++placed}@example.ro`;
  const order = await placeOrder(database.db, orderRequestSchema.parse(sampleOrder({ email })));
  await changeOrderStatus(database.db, order.id, 'confirmed', { actor: 'owner' });
  const { version } = (await asOwner('GET', `/api/admin/orders/${order.id}`)).json();
  const awb = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, {
    courier,
    parcels: 1,
    weightGrams: 1500,
    lengthCm: 20,
    widthCm: 15,
    heightCm: 10,
    declaredValue: 12496,
    openPackage: false,
    version,
  });
  expect(awb.statusCode, awb.body).toBe(201);
  const shipped = (await asOwner('GET', `/api/admin/orders/${order.id}`)).json();
  const delivered = await asOwner('POST', `/api/admin/orders/${order.id}/status`, { to: 'delivered', version: shipped.version });
  expect(delivered.statusCode, delivered.body).toBe(200);
  const stated = await withdrawEverything(app, { number: order.number, email }, { iban: 'RO49AAAA1B31007593840000' });
  expect(stated.statusCode, stated.body).toBe(201);
  const [withdrawal] = await database.db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id));
  return { order: { ...order, email }, withdrawalId: withdrawal!.id };
}

const rowsOf = (orderId: string) => database.db.select().from(returnAwbs).where(eq(returnAwbs.orderId, orderId));
const statusOf = async (id: string) => (await database.db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)))[0]!.status;
const labelMails = (orderId: string) =>
  database.db
    .select()
    .from(outbox)
    .where(eq(outbox.orderId, orderId))
    .then((rows) => rows.filter((row) => row.kind === 'return_label'));

describe('Create return AWB', () => {
  it('asks Sameday for a pickup from the customer to the shop, nothing to collect: the goods are on their way back, the customer is mailed the label', async () => {
    const { order, withdrawalId } = await withdrawnOrder('sameday');
    const answer = await asOwner('POST', `/api/admin/withdrawals/${withdrawalId}/return-awb`, {});
    expect(answer.statusCode, answer.body).toBe(200);
    const form = couriers.sameday.requests.filter((request) => request.path === '/api/awb' && request.method === 'POST').at(-1)!.form;
    expect(form).toMatchObject({
      thirdPartyPickup: '1',
      'thirdParty[name]': 'Ana Popescu',
      'thirdParty[cityString]': 'Cluj-Napoca',
      'thirdParty[countyString]': 'Cluj',
      'awbRecipient[name]': 'EXEMPLU SRL',
      'awbRecipient[countyString]': 'București',
      'awbRecipient[cityString]': 'Sectorul 1',
      cashOnDelivery: '0',
      clientInternalReference: `${order.number}-R1`,
    });
    const [made] = await rowsOf(order.id);
    expect(made).toMatchObject({ courier: 'sameday', state: 'made', reference: `${order.number}-R1`, request: {}, lockerId: null });
    expect(await statusOf(withdrawalId)).toBe('returning');
    const withdrawal = answer.json().withdrawals[0];
    expect(withdrawal.returnAwb).toMatchObject({ courierName: 'Sameday', state: 'made', awb: made!.awb, locker: null, labelPath: `/api/return-labels/${made!.id}/pdf?key=${made!.linkKey}` });
    expect(answer.json().events.at(-1).note).toBe(`Return AWB ${made!.awb} with Sameday, picked up at the customer’s address`);
    expect(await labelMails(order.id)).toEqual([expect.objectContaining({ recipient: order.email, data: { withdrawalId } })]);

    // The customer's link gives the label (kept by the shop: Sameday is not asked again); a wrong key is a 404.
    const downloads = () => couriers.sameday.requests.filter((request) => request.path.startsWith('/api/awb/download/')).length;
    const asked = downloads();
    const label = await app.inject({ url: withdrawal.returnAwb.labelPath });
    expect([label.statusCode, label.headers['content-type'], label.rawPayload.subarray(0, 4).toString('latin1')]).toEqual([200, 'application/pdf', '%PDF']);
    expect(downloads()).toBe(asked);
    expect((await app.inject({ url: `/api/return-labels/${made!.id}/pdf?key=wrong` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/return-labels/${made!.id}/pdf` })).statusCode).toBe(404);
    expect((await asOwner('GET', `/api/admin/return-awbs/${made!.id}/label`)).statusCode).toBe(200);

    // Twice: refused, nothing more asked of Sameday.
    const made1 = couriers.sameday.awbs().length;
    const again = await asOwner('POST', `/api/admin/withdrawals/${withdrawalId}/return-awb`, {});
    expect([again.statusCode, again.json().code]).toEqual([409, 'not_requested']);
    expect(couriers.sameday.awbs()).toHaveLength(made1);
  });

  it('at Sameday, lets the customer leave the parcel in an easybox (lockerFirstMile), named to them; another courier’s order cannot', async () => {
    const { order, withdrawalId } = await withdrawnOrder('sameday');
    const answer = await asOwner('POST', `/api/admin/withdrawals/${withdrawalId}/return-awb`, { lockerId: '1001' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(couriers.sameday.requests.filter((request) => request.path === '/api/awb' && request.method === 'POST').at(-1)!.form.lockerFirstMile).toBe('1001');
    expect(answer.json().withdrawals[0].returnAwb.locker).toMatch(/^easybox Kaufland Aparatorii Patriei/);
    expect((await rowsOf(order.id))[0]).toMatchObject({ lockerId: '1001', state: 'made' });

    const fanOrder = await withdrawnOrder('fan');
    const refused = await asOwner('POST', `/api/admin/withdrawals/${fanOrder.withdrawalId}/return-awb`, { lockerId: '1001' });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'locker_courier']);
    expect(await rowsOf(fanOrder.order.id)).toEqual([]);
    expect(await statusOf(fanOrder.withdrawalId)).toBe('requested');
  });

  it('goes with the courier the order went with: FAN with the customer as sender, Cargus as a pickup from another location (AwbPickup)', async () => {
    const fanOrder = await withdrawnOrder('fan');
    {
      const made = await asOwner('POST', `/api/admin/withdrawals/${fanOrder.withdrawalId}/return-awb`, {});
      expect(made.statusCode, made.body).toBe(200);
    }
    const shipment = (couriers.fan.requests.filter((request) => request.path === '/intern-awb').at(-1)!.json as { shipments: Record<string, unknown>[] }).shipments[0];
    expect(shipment).toMatchObject({ info: { cod: 0, content: `${fanOrder.order.number}-R1` }, sender: { name: 'Ana Popescu' }, recipient: { name: 'EXEMPLU SRL' } });
    expect((await rowsOf(fanOrder.order.id))[0]).toMatchObject({ courier: 'fan', state: 'made' });

    const cargusOrder = await withdrawnOrder('cargus');
    expect((await asOwner('POST', `/api/admin/withdrawals/${cargusOrder.withdrawalId}/return-awb`, {})).statusCode).toBe(200);
    const pickup = cargus.awbs().at(-1)!;
    expect(pickup).toMatchObject({ pickup: true, request: { Sender: { Name: 'Ana Popescu', LocalityName: 'Cluj-Napoca' }, Recipient: { LocationId: 0 }, CashRepayment: 0, BankRepayment: 0 } });
    expect((await rowsOf(cargusOrder.order.id))[0]).toMatchObject({ courier: 'cargus', state: 'made', awb: pickup.barCode });
    expect(await statusOf(cargusOrder.withdrawalId)).toBe('returning');
  });

  it('changes nothing when the courier refuses (its fields named); the next try gets a reference of its own', async () => {
    const { order, withdrawalId } = await withdrawnOrder('sameday');
    couriers.sameday.refuseField(['thirdParty', 'phoneNumber'], 'Invalid phone number.');
    const refused = await asOwner('POST', `/api/admin/withdrawals/${withdrawalId}/return-awb`, {});
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'courier_refused']);
    expect(refused.json().fields).toEqual([expect.objectContaining({ message: 'Invalid phone number.' })]);
    expect(await statusOf(withdrawalId)).toBe('requested');
    expect(await rowsOf(order.id)).toEqual([expect.objectContaining({ state: 'failed', request: {} })]);
    expect(await labelMails(order.id)).toEqual([]);
    const again = await asOwner('POST', `/api/admin/withdrawals/${withdrawalId}/return-awb`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect((await rowsOf(order.id)).map((row) => [row.reference, row.state]).sort()).toEqual([
      [`${order.number}-R1`, 'failed'],
      [`${order.number}-R2`, 'made'],
    ]);
  });

  it('refuses a withdrawal from an order not delivered yet (its goods are not with the customer)', async () => {
    const email = `return-awb-shipped-${Date.now()}@example.ro`;
    const order = await placeOrder(database.db, orderRequestSchema.parse(sampleOrder({ email })));
    await changeOrderStatus(database.db, order.id, 'confirmed', { actor: 'owner' });
    await changeOrderStatus(database.db, order.id, 'shipped', { actor: 'owner', set: { carrier: 'Sameday', trackingNumber: `S-${order.number}` } });
    expect((await withdrawEverything(app, { number: order.number, email })).statusCode).toBe(201);
    const [withdrawal] = await database.db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id));
    const refused = await asOwner('POST', `/api/admin/withdrawals/${withdrawal!.id}/return-awb`, {});
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'not_delivered']);
    expect(await rowsOf(order.id)).toEqual([]);
  });

  it('refuses a withdrawal the customer sends back themselves, and an unknown one', async () => {
    const { order, withdrawalId } = await withdrawnOrder('sameday');
    expect((await asOwner('POST', `/api/admin/withdrawals/${withdrawalId}/customer-sends`)).statusCode).toBe(200);
    const refused = await asOwner('POST', `/api/admin/withdrawals/${withdrawalId}/return-awb`, {});
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'not_requested']);
    expect(await rowsOf(order.id)).toEqual([]);
    expect((await asOwner('POST', '/api/admin/withdrawals/00000000-0000-4000-8000-000000000000/return-awb', {})).statusCode).toBe(404);
  });
});

describe('Create return AWB when the courier is slow (its answer never comes)', () => {
  const impatient = (): Shipping => ({
    ...shipping,
    couriers: new Map([['fan', fanCourier({ username: 'clienttest', password: 'testing', clientId: '7032158', baseUrl: couriers.fan.url, timeoutMs: 300 })]]),
  });

  it('FAN made it after the shop stopped waiting: another is refused meanwhile, then the one FAN made is the withdrawal’s, once', async () => {
    const { order, withdrawalId } = await withdrawnOrder('fan');
    couriers.fan.slowDown(700, ['/intern-awb']);
    const { createReturnAwb } = await import('./returnAwbs');
    try {
      await expect(createReturnAwb(database.db, withdrawalId, {}, impatient(), owner)).rejects.toMatchObject({ code: 'courier_slow' });
      await new Promise((resolve) => setTimeout(resolve, 900));
    } finally {
      couriers.fan.slowDown(0);
    }
    expect(await rowsOf(order.id)).toEqual([expect.objectContaining({ state: 'creating', reference: `${order.number}-R1` })]);
    const again = await asOwner('POST', `/api/admin/withdrawals/${withdrawalId}/return-awb`, {});
    expect([again.statusCode, again.json().code]).toEqual([409, 'return_awb_exists']);
    expect((await asOwner('GET', `/api/admin/orders/${order.id}`)).json().withdrawals[0].returnAwb).toMatchObject({ state: 'creating', awb: null });

    await database.db.update(returnAwbs).set({ checkAt: new Date(Date.now() - 1000) });
    expect(await checkReturnAwbs(database.db, shipping)).toBe(1);
    const live = couriers.fan.awbs().filter((awb) => awb.request.info?.content === `${order.number}-R1`);
    expect(live).toHaveLength(1);
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: 'made', awb: live[0]!.awbNumber, request: {} });
    expect(await statusOf(withdrawalId)).toBe('returning');
    expect(await labelMails(order.id)).toHaveLength(1);
    // A second round finds nothing to do.
    await database.db.update(returnAwbs).set({ checkAt: new Date(Date.now() - 1000) });
    expect(await checkReturnAwbs(database.db, shipping)).toBe(0);
  });
});
