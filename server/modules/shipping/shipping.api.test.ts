import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { invoices } from '../../../db/schema/invoices';
import { orderEvents, orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { awbAttempts, courierRounds, shipments } from '../../../db/schema/shipping';
import { seedCatalog } from '../../../db/seed';
import { addDays } from '../../../domain/calendar';
import { orderRequestSchema } from '../../../domain/checkout';
import { bucharestDay } from '../../../domain/locale';
import { buildTestApp, signUpOwner, TEST_INVOICING, TEST_ORIGIN, type TestApp } from '../../../testing/app';
import { startTestCouriers, type TestCouriers } from '../../../testing/couriers';
import { createTestDatabase } from '../../../testing/database';
import type { FakeFan } from '../../../testing/fakeFan';
import type { FakeSameday } from '../../../testing/fakeSameday';
import { sampleOrder } from '../../../testing/sampleOrder';
import { AppError } from '../../errors';
import { fanCourier } from '../../integrations/couriers/fan';
import { samedayCourier } from '../../integrations/couriers/sameday';
import { placeOrder } from '../orders/place';
import { changeOrderStatus } from '../orders/status';
import { checkAwbAttempts } from './attempts';
import { cancelAwb, settleCancels } from './cancelling';
import { collectCash } from './cash';
import type { Shipping } from './couriers';
import { prepareLabels } from './labels';
import { createAwb } from './service';
import { syncChangedParcels, trackShipments } from './tracking';

// Create AWB against a stand-in for Sameday (testing/fakeSameday.ts), on the embedded database or PostgreSQL.

let sameday: FakeSameday;
let fan: FakeFan;
let database: Database;
let app: TestApp;
let owner: { cookie: string; id: string };
let shipping: Shipping;
let couriers: TestCouriers;

beforeAll(async () => {
  couriers = await startTestCouriers();
  ({ sameday, fan, shipping } = couriers);
  database = await createTestDatabase();
  await seedCatalog(database.db);
  app = await buildTestApp(database.db, { listen: database.listen, shipping });
  owner = await signUpOwner(app, database.db);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await couriers?.close();
});

const asOwner = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } });

/** A confirmed cash order (sampleOrder: two lighters and a phone charger, to Cluj). */
async function confirmedOrder(overrides: Record<string, unknown> = {}) {
  const order = await placeOrder(database.db, orderRequestSchema.parse(sampleOrder(overrides)));
  if (overrides.paymentMethod === 'card') {
    await database.db.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.id, order.id));
    await changeOrderStatus(database.db, order.id, 'paid', { actor: 'stripe' });
  } else await changeOrderStatus(database.db, order.id, 'confirmed', { actor: 'owner' });
  const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
  return row!;
}

const lastAwbForm = () => sameday.requests.filter((request) => request.path === '/api/awb').at(-1)!.form;
const request = (order: { version: number }, overrides: Record<string, unknown> = {}) => ({
  courier: 'sameday',
  parcels: 1,
  weightGrams: 1500,
  lengthCm: 20,
  widthCm: 15,
  heightCm: 10,
  declaredValue: 12496,
  openPackage: false,
  version: order.version,
  ...overrides,
});

describe('Create AWB', () => {
  it('offers the courier with the form filled in: the products’ weight, the total as cash to collect and declared value', async () => {
    await database.db
      .update(products)
      .set({ weightGrams: 80, packedSizeCm: { length: 10, width: 4, height: 2 } })
      .where(eq(products.id, '1'));
    const order = await confirmedOrder();
    const draft = await asOwner('GET', `/api/admin/orders/${order.id}/awb`);
    expect(draft.statusCode, draft.body).toBe(200);
    // Two lighters of 80 g, 10x4x2 cm packed, and a charger without a weight or a size (PARCEL_WEIGHT_GRAMS, 500 g;
    // PARCEL_SIZE_CM, 20x15x10): the box as long and wide as the largest, the heights stacked.
    expect(draft.json()).toEqual({
      couriers: [
        { id: 'sameday', name: 'Sameday', openPackage: true },
        { id: 'fan', name: 'FAN Courier', openPackage: false },
      ],
      parcels: 1,
      weightGrams: 660,
      dimensionsCm: { length: 20, width: 15, height: 14 },
      declaredValue: order.totalAmount,
      cashOnDelivery: order.totalAmount,
      note: '',
      addressOk: true,
      locker: null,
    });
    const card = await confirmedOrder({ paymentMethod: 'card' });
    expect((await asOwner('GET', `/api/admin/orders/${card.id}/awb`)).json()).toMatchObject({ cashOnDelivery: 0 });
  });

  it('creates the AWB with the order’s cash and address, and ships the order with it: timeline, the customer’s mail', async () => {
    const order = await confirmedOrder();
    const created = await asOwner(
      'POST',
      `/api/admin/orders/${order.id}/awb`,
      request(order, { parcels: 2, note: 'Fragil', openPackage: true, cashOnDelivery: 1, lengthCm: 25, widthCm: 18, heightCm: 9 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const shipment = created.json();
    expect(shipment).toMatchObject({ courier: 'sameday', courierName: 'Sameday', awb: expect.stringMatching(/^1SDY/), parcels: 2, cashOnDelivery: order.totalAmount, status: 'active' });
    // The cash to collect is the order's, whatever the request says; the reference, its number.
    expect(lastAwbForm()).toMatchObject({
      cashOnDelivery: (order.totalAmount / 100).toFixed(2),
      clientInternalReference: String(order.number),
      // The order's +40712345678 as dialled from Romania.
      'awbRecipient[phoneNumber]': '0712345678',
      'awbRecipient[countyString]': 'Cluj',
      observation: 'Fragil',
      'serviceTaxes[0]': '23',
      // Each parcel's size as the owner confirmed it.
      'parcels[0][length]': '25',
      'parcels[0][width]': '18',
      'parcels[1][height]': '9',
    });
    const [shipped] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'Sameday', trackingNumber: shipment.awb });
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'shipped')));
    expect(events).toHaveLength(1);
    const mails = await database.db.select().from(outbox).where(eq(outbox.orderId, order.id));
    expect(mails.some((mail) => mail.data.status === 'shipped')).toBe(true);
    const page = (await asOwner('GET', `/api/admin/orders/${order.id}`)).json();
    expect(page.shipments).toEqual([expect.objectContaining({ awb: shipment.awb })]);

    const label = await asOwner('GET', `/api/admin/shipments/${shipment.id}/label?format=A6`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('with FAN Courier the same way: the order shipped with FAN Courier and its AWB, the cash to its collector account', async () => {
    const order = await confirmedOrder();
    const created = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order, { courier: 'fan' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ courier: 'fan', courierName: 'FAN Courier', awb: expect.stringMatching(/^\d{13}$/) });
    const sent = fan.requests.filter((call) => call.path === '/intern-awb').at(-1)!.json as { shipments: { info: { service: string; cod: number } }[] };
    expect(sent.shipments[0]!.info).toMatchObject({ service: 'Cont Colector', cod: order.totalAmount / 100 });
    // Discreet (the default, issue 47): the label says the neutral SHIPPING_CONTENTS after the reference, no product.
    expect(sent.shipments[0]!.info).toMatchObject({ content: `${order.number} Accesorii` });
    expect(JSON.stringify(fan.requests.filter((call) => call.path === '/intern-awb').at(-1)!.json)).not.toMatch(/Dummy|Lighter|Belt|Charger|Marker/i);
    const [shipped] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'FAN Courier', trackingNumber: created.json().awb });
  });

  it('a card order’s AWB collects nothing', async () => {
    const order = await confirmedOrder({ paymentMethod: 'card' });
    expect((await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order))).statusCode).toBe(201);
    expect(lastAwbForm().cashOnDelivery).toBe('0.00');
  });

  it('shows the courier’s refusal field by field in the owner’s language, and changes nothing on the order', async () => {
    const order = await confirmedOrder();
    sameday.refuseField(['awbRecipient', 'phoneNumber'], 'Invalid phone number.');
    const refused = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'courier_refused',
      message: 'Sameday refused the AWB: nothing changed on the order. Correct what it says and try again.',
      fields: [{ field: 'Recipient’s phone', message: 'Invalid phone number.' }],
    });
    sameday.refuseField(['awbRecipient', 'phoneNumber'], 'Număr de telefon invalid.');
    const inRomanian = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/awb`,
      payload: request(order),
      headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'accept-language': 'ro' },
    });
    expect(inRomanian.json().fields).toEqual([{ field: 'Telefonul destinatarului', message: 'Număr de telefon invalid.' }]);
    const [unchanged] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged).toMatchObject({ status: 'confirmed', version: order.version, trackingNumber: null });
    expect(await database.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([]);
  });

  it('a courier that is down or slow: a clear message, nothing changes on the order, and the shop finds out whether the AWB was made', async () => {
    const order = await confirmedOrder();
    sameday.down(true);
    const down = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order));
    sameday.down(false);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(
      'Sameday did not answer in time. The shop is finding out whether it made the AWB: this page shows it within a few minutes. Do not make it again on Sameday’s site.',
    );
    const [unchanged] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged!.status).toBe('confirmed');
    expect(await database.db.select({ state: awbAttempts.state }).from(awbAttempts).where(eq(awbAttempts.orderId, order.id))).toEqual([{ state: 'creating' }]);
    await database.db.update(awbAttempts).set({ state: 'failed' }).where(eq(awbAttempts.orderId, order.id));
  });

  it('an order changed while the courier made its AWB (the customer cancelled): the AWB is cancelled at the courier, the order kept as changed', async () => {
    const order = await confirmedOrder();
    sameday.slowDown(400);
    const creating = asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await changeOrderStatus(database.db, order.id, 'cancelled', { actor: 'owner', set: { cancelReason: 'The customer called to cancel' } })).toBe('changed');
    const answer = await creating;
    sameday.slowDown(0);
    expect(answer.statusCode).toBe(409);
    const made = sameday.awbs().filter((awb) => awb.form.clientInternalReference === String(order.number));
    expect(made).toHaveLength(1);
    expect(made[0]!.deleted).toBe(true);
    expect(await database.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([]);
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ status: 'cancelled', trackingNumber: null });
  });

  it('refuses an order changed meanwhile, one not confirmed, and an address couriers cannot take, before asking the courier', async () => {
    const before = sameday.awbs().length;
    const order = await confirmedOrder();
    expect((await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order, { version: order.version - 1 }))).statusCode).toBe(409);
    const pending = await placeOrder(database.db, orderRequestSchema.parse(sampleOrder()));
    const notYet = await asOwner('POST', `/api/admin/orders/${pending.id}/awb`, request({ version: 1 }));
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('An AWB is created for a confirmed or paid order; this one is pending.');
    const bucharest = await confirmedOrder({ county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020452', sector: '2' });
    await database.db.update(orders).set({ city: 'București' }).where(eq(orders.id, bucharest.id));
    expect((await asOwner('GET', `/api/admin/orders/${bucharest.id}/awb`)).json().addressOk).toBe(false);
    expect((await asOwner('POST', `/api/admin/orders/${bucharest.id}/awb`, request(bucharest))).json()).toMatchObject({ code: 'address_not_shippable' });
    const bad = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order, { parcels: 0 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Parcels must be at least 1.');
    expect(sameday.awbs().length).toBe(before);
  });
});

describe('Create AWB when the courier is slow (its answer never comes)', () => {
  /** The same couriers, waiting 300 ms for an answer instead of 20 s. */
  const impatient = (): Shipping => ({
    ...shipping,
    couriers: new Map([
      ['sameday', samedayCourier({ username: 'shop', password: 'secret', baseUrl: sameday.url, timeoutMs: 300 })],
      ['fan', fanCourier({ username: 'clienttest', password: 'testing', clientId: '7032158', baseUrl: fan.url, timeoutMs: 300 })],
    ]),
  });
  /** Create AWB with a courier answering after `ms`: the shop stops waiting first; the courier goes on and makes it. */
  async function slowCreate(order: { id: string; version: number }, courier: 'sameday' | 'fan', ms = 700) {
    const fake = courier === 'sameday' ? sameday : fan;
    // Only the AWB's creation: the courier takes it, and answers once the shop has stopped waiting.
    fake.slowDown(ms, [courier === 'sameday' ? '/api/awb' : '/intern-awb']);
    try {
      const error = await createAwb(database.db, order.id, request(order, { courier }) as never, impatient(), owner, null).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('courier_slow');
      await new Promise((resolve) => setTimeout(resolve, ms + 200));
    } finally {
      fake.slowDown(0);
    }
  }
  const attemptsOf = (orderId: string) => database.db.select().from(awbAttempts).where(eq(awbAttempts.orderId, orderId));
  const checkNow = async () => {
    await database.db.update(awbAttempts).set({ checkAt: new Date(Date.now() - 1000) });
    return checkAwbAttempts(database.db, shipping, null);
  };
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('FAN made the AWB after the shop stopped waiting: another Create AWB is refused meanwhile, then the one FAN made ships the order, and FAN keeps one live AWB', async () => {
    const order = await confirmedOrder();
    await slowCreate(order, 'fan');
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ state: 'creating', reference: String(order.number), courier: 'fan' });
    // The owner tries again: refused while the first is being checked, nothing sent to FAN.
    const made = fan.awbs().length;
    const again = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order, { courier: 'fan' }));
    expect([again.statusCode, again.json().code]).toEqual([409, 'awb_being_checked']);
    expect(fan.awbs()).toHaveLength(made);
    const page = (await asOwner('GET', `/api/admin/orders/${order.id}`)).json();
    expect(page.awbAttempts).toEqual([expect.objectContaining({ courier: 'fan', reference: String(order.number), state: 'creating' })]);

    expect(await checkNow()).toBe(1);
    const live = fan.awbs().filter((awb) => !awb.deleted && awb.request.info?.content === `${order.number} Accesorii`);
    expect(live).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'shipped', carrier: 'FAN Courier', trackingNumber: live[0]!.awbNumber });
    // Settled, it keeps nothing of the customer (the request sent, with their name and address, is gone).
    expect((await attemptsOf(order.id))[0]).toMatchObject({ state: 'done', awb: live[0]!.awbNumber, request: {} });
    expect((await asOwner('GET', `/api/admin/orders/${order.id}`)).json()).toMatchObject({ awbAttempts: [], shipments: [expect.objectContaining({ awb: live[0]!.awbNumber })] });
  });

  it('FAN made none (it was down): not listed ten minutes on, the attempt failed, and Create AWB makes it with the next reference', async () => {
    const order = await confirmedOrder();
    fan.down(true);
    try {
      const down = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order, { courier: 'fan' }));
      expect([down.statusCode, down.json().code]).toEqual([503, 'courier_slow']);
    } finally {
      fan.down(false);
    }
    // Not listed yet: FAN's list may show a new AWB late, so it is looked for again rather than taken as never made.
    await checkNow();
    expect((await attemptsOf(order.id))[0]).toMatchObject({ state: 'creating' });
    await database.db
      .update(awbAttempts)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(awbAttempts.orderId, order.id));
    await checkNow();
    expect((await attemptsOf(order.id))[0]).toMatchObject({ state: 'failed' });
    const created = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(await orderRow(order.id), { courier: 'fan' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(fan.awbs().filter((awb) => !awb.deleted && String(awb.request.info?.content).startsWith(String(order.number)))).toHaveLength(1);
    expect((await attemptsOf(order.id)).map((attempt) => attempt.reference).sort()).toEqual([String(order.number), `${order.number}-2`]);
  });

  it('the customer cancelled while FAN’s answer was awaited: the AWB FAN made is cancelled there, the order stays cancelled', async () => {
    const order = await confirmedOrder();
    await slowCreate(order, 'fan');
    await changeOrderStatus(database.db, order.id, 'cancelled', { actor: 'owner' });
    await checkNow();
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(
      fan
        .awbs()
        .filter((awb) => awb.request.info?.content === `${order.number} Accesorii`)
        .map((awb) => awb.deleted),
    ).toEqual([true]);
    expect((await attemptsOf(order.id))[0]).toMatchObject({ state: 'failed' });
  });

  it('Sameday made it but keeps its reference, its number unknown: the owner is shown it to cancel at Sameday, and a new reference ships the order (never burnt)', async () => {
    const order = await confirmedOrder();
    await slowCreate(order, 'sameday');
    await checkNow();
    expect((await attemptsOf(order.id))[0]).toMatchObject({ state: 'unknown' });
    const page = (await asOwner('GET', `/api/admin/orders/${order.id}`)).json();
    expect(page.awbAttempts).toEqual([expect.objectContaining({ courier: 'sameday', reference: String(order.number), state: 'unknown' })]);
    const created = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(await orderRow(order.id)));
    expect(created.statusCode, created.body).toBe(201);
    expect(lastAwbForm().clientInternalReference).toBe(`${order.number}-2`);
    expect((await orderRow(order.id)).status).toBe('shipped');
  });

  it('Sameday never made it (down): looked for with the same reference, it is made then, once, and ships the order', async () => {
    const order = await confirmedOrder();
    sameday.down(true);
    try {
      expect((await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order))).statusCode).toBe(503);
    } finally {
      sameday.down(false);
    }
    await checkNow();
    const made = sameday.awbs().filter((awb) => awb.form.clientInternalReference === String(order.number));
    expect(made).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'shipped', trackingNumber: made[0]!.awbNumber });
  });
});

describe('tracking', () => {
  /** A shipped order: its AWB created through the back office. */
  async function shippedOrder(overrides: Record<string, unknown> = {}) {
    const order = await confirmedOrder(overrides);
    const created = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order));
    expect(created.statusCode, created.body).toBe(201);
    return { order, awb: created.json().awb as string, shipmentId: created.json().id as string };
  }
  const dueNow = () =>
    database.db
      .update(shipments)
      .set({ trackAt: new Date(Date.now() - 1000) })
      .where(eq(shipments.status, 'active'));
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const shipmentRow = async (id: string) => (await database.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;

  it('moves a delivered parcel’s order to delivered by itself, with the courier’s events in its timeline; asked again only when due', async () => {
    const { order, awb, shipmentId } = await shippedOrder();
    sameday.inTransit(awb);
    await dueNow();
    await trackShipments(database.db, shipping, null);
    expect((await orderRow(order.id)).status).toBe('shipped');
    const calls = sameday.statusCalls.get(awb);
    await trackShipments(database.db, shipping, null);
    expect(sameday.statusCalls.get(awb)).toBe(calls);

    sameday.deliver(awb);
    await dueNow();
    await trackShipments(database.db, shipping, null);
    expect(await orderRow(order.id)).toMatchObject({ status: 'delivered' });
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'delivered', unknownStatus: null });
    const page = (await asOwner('GET', `/api/admin/orders/${order.id}`)).json();
    expect(page.events.at(-1)).toMatchObject({ actor: 'system', from: 'shipped', to: 'delivered', note: 'Sameday: Colet livrat' });
    expect(page.courierEvents.map((event: { code: string }) => event.code)).toEqual(['1', '33', '9']);
  });

  it('a refused parcel makes the order returned, its stock put back once; an unknown status is kept for the owner and changes nothing', async () => {
    await database.db.update(products).set({ stock: 50 }).where(eq(products.id, '5'));
    const { order, awb } = await shippedOrder();
    const [stockBefore] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, '5'));
    sameday.refuse(awb);
    await dueNow();
    await trackShipments(database.db, shipping, null);
    expect((await orderRow(order.id)).status).toBe('returned');
    // Read from the parcel's own history (its inReturn): the AWB's status never carries it.
    expect(sameday.requests.some((request) => request.path === `/api/client/parcel/${awb}001/status-history`)).toBe(true);
    const [stockAfter] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, '5'));
    expect(stockAfter!.stock).toBe(stockBefore!.stock! + 1);
    await dueNow();
    await trackShipments(database.db, shipping, null);
    const [stockLater] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, '5'));
    expect(stockLater!.stock).toBe(stockAfter!.stock);

    const odd = await shippedOrder();
    sameday.unknownStatus(odd.awb);
    await dueNow();
    await trackShipments(database.db, shipping, null);
    expect((await orderRow(odd.order.id)).status).toBe('shipped');
    expect((await shipmentRow(odd.shipmentId)).unknownStatus).toMatch(/^999 /);
  });

  it('an AWB cancelled in Sameday’s portal is not a return: the order goes back to be shipped again, no stock back, no credit note, the owner told once', async () => {
    await database.db.update(products).set({ stock: 50 }).where(eq(products.id, '5'));
    const { order, awb, shipmentId } = await shippedOrder();
    const [stockBefore] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, '5'));
    sameday.cancelInPortal(awb);
    await dueNow();
    // With invoicing on (the shipped order has its invoice): a return would credit it.
    await trackShipments(database.db, shipping, TEST_INVOICING);
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', carrier: null, trackingNumber: null });
    const issued = await database.db.select({ kind: invoices.kind }).from(invoices).where(eq(invoices.orderId, order.id));
    expect(issued.map((invoice) => invoice.kind)).toEqual(['invoice']);
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'cancelled' });
    const [stockAfter] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, '5'));
    expect(stockAfter!.stock).toBe(stockBefore!.stock);
    const page = (await asOwner('GET', `/api/admin/orders/${order.id}`)).json();
    expect(page.events.at(-1)).toMatchObject({ actor: 'system', from: 'shipped', to: 'confirmed', note: `AWB ${awb} (Sameday): cancelled at Sameday` });
    const told = async () =>
      await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'awb_cancelled')));
    expect(await told()).toMatchObject([{ recipient: 'owners', data: { awb, courier: 'Sameday' } }]);
    // Asked again (its row is no longer active, so it is not): nothing more happens; a new AWB ships it again.
    await dueNow();
    await trackShipments(database.db, shipping, null);
    expect(await told()).toHaveLength(1);
    const again = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(await orderRow(order.id)));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('two processes at once ask about each AWB once in a round', async () => {
    const parcels = [await shippedOrder(), await shippedOrder(), await shippedOrder()];
    await dueNow();
    const before = parcels.map((parcel) => sameday.statusCalls.get(parcel.awb) ?? 0);
    await Promise.all([trackShipments(database.db, shipping, null), trackShipments(database.db, shipping, null)]);
    expect(parcels.map((parcel, index) => (sameday.statusCalls.get(parcel.awb) ?? 0) - before[index]!)).toEqual([1, 1, 1]);
  });

  it('a parcel Sameday’s status-sync names is asked about at once, not at its next turn; two processes ask Sameday once', async () => {
    const { order, awb, shipmentId } = await shippedOrder();
    await database.db
      .update(shipments)
      .set({ trackAt: new Date(Date.now() + 3600_000) })
      .where(eq(shipments.id, shipmentId));
    await trackShipments(database.db, shipping, null);
    sameday.deliver(awb);
    expect((await orderRow(order.id)).status).toBe('shipped');
    await database.db
      .update(courierRounds)
      .set({ nextAt: new Date(Date.now() - 1000), syncedUntil: new Date(Date.now() - 600_000) })
      .where(and(eq(courierRounds.courier, 'sameday'), eq(courierRounds.kind, 'sync')));
    const syncCalls = () => sameday.requests.filter((call) => call.path === '/api/client/status-sync');
    const before = syncCalls().length;
    const made = await Promise.all([syncChangedParcels(database.db, shipping), syncChangedParcels(database.db, shipping)]);
    expect(syncCalls().length - before).toBe(1);
    expect(made[0]! + made[1]!).toBeGreaterThanOrEqual(1);
    expect((await shipmentRow(shipmentId)).trackAt.getTime()).toBeLessThanOrEqual(Date.now());
    await trackShipments(database.db, shipping, null);
    expect((await orderRow(order.id)).status).toBe('delivered');
    // The next window starts where this one ended.
    const [round] = await database.db
      .select()
      .from(courierRounds)
      .where(and(eq(courierRounds.courier, 'sameday'), eq(courierRounds.kind, 'sync')));
    expect(Number(syncCalls().at(-1)!.query.endTimestamp)).toBe(Math.floor(round!.syncedUntil!.getTime() / 1000));
  });

  it('a courier that is down: the AWB is asked about again at the next round, nothing changes', async () => {
    const { order, awb, shipmentId } = await shippedOrder();
    sameday.deliver(awb);
    await dueNow();
    sameday.down(true);
    await expect(trackShipments(database.db, shipping, null)).rejects.toMatchObject({ kind: 'unavailable' });
    sameday.down(false);
    expect((await orderRow(order.id)).status).toBe('shipped');
    expect((await shipmentRow(shipmentId)).trackLeaseUntil).toBeNull();
    await dueNow();
    await trackShipments(database.db, shipping, null);
    expect((await orderRow(order.id)).status).toBe('delivered');
  });
});

describe('cash collected', () => {
  const today = bucharestDay(new Date());
  const dueNow = () =>
    database.db
      .update(shipments)
      .set({ trackAt: new Date(Date.now() - 1000) })
      .where(eq(shipments.status, 'active'));
  const cashDueNow = () => database.db.update(courierRounds).set({ nextAt: new Date(Date.now() - 1000) });
  const transferDaysAsked = () => fan.requests.filter((call) => call.path === '/reports/bank-transfers').map((call) => call.query.date);
  const shipmentOf = async (id: string) => (await asOwner('GET', `/api/admin/orders/${id}`)).json().shipments[0];
  const fanCash = async () => ((await asOwner('GET', '/api/admin/dashboard')).json().cashWithCouriers as { courier: string; parcels: number; total: number }[]).find((row) => row.courier === 'fan');

  /** A cash order shipped with FAN Courier and delivered `daysAgo` days ago, as tracking finds it. */
  async function deliveredWithFan(daysAgo = 0) {
    const order = await confirmedOrder();
    const created = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order, { courier: 'fan' }));
    expect(created.statusCode, created.body).toBe(201);
    const awb = created.json().awb as string;
    fan.deliver(awb);
    await dueNow();
    await trackShipments(database.db, shipping, null);
    if (daysAgo > 0)
      await database.db
        .update(shipments)
        .set({ deliveredAt: new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(shipments.awb, awb));
    return { order, awb };
  }

  it('keeps on the order when and how much FAN Courier paid out; the dashboard shows the cash still with it until then', async () => {
    await cashDueNow();
    await collectCash(database.db, shipping);
    const before = await fanCash();
    const { order, awb } = await deliveredWithFan(3);
    expect(await shipmentOf(order.id)).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String), cashPaid: null, cashPaidOn: null });
    expect(await fanCash()).toMatchObject({ courierName: 'FAN Courier', reportsPayouts: true, parcels: (before?.parcels ?? 0) + 1, total: (before?.total ?? 0) + order.totalAmount });

    // Asked about every day since the delivery, up to today; nothing paid out yet.
    fan.requests.length = 0;
    await cashDueNow();
    expect(await collectCash(database.db, shipping, today)).toBe(1);
    expect(transferDaysAsked()).toEqual([addDays(today, -3), addDays(today, -2), addDays(today, -1), today]);
    expect((await shipmentOf(order.id)).cashPaid).toBeNull();

    // Not asked again before an hour has passed.
    fan.requests.length = 0;
    expect(await collectCash(database.db, shipping, today)).toBe(0);
    expect(transferDaysAsked()).toEqual([]);

    // Paid out yesterday, reported late: the days not yet settled are asked again, and the payout kept once.
    fan.payOut(awb, addDays(today, -1));
    await cashDueNow();
    await collectCash(database.db, shipping, today);
    expect(transferDaysAsked()).toEqual([addDays(today, -1), today]);
    expect(await shipmentOf(order.id)).toMatchObject({ cashPaid: order.totalAmount, cashPaidOn: addDays(today, -1) });
    expect(await fanCash()).toEqual(before);
  });

  it('two processes at once: one asks the courier', async () => {
    await deliveredWithFan();
    fan.requests.length = 0;
    await cashDueNow();
    const asked = await Promise.all([collectCash(database.db, shipping, today), collectCash(database.db, shipping, today)]);
    expect(asked.sort()).toEqual([0, 1]);
    expect(transferDaysAsked()).toEqual([today]);
  });

  it('a courier that is down: nothing changes, and it is asked again sooner than an hour on', async () => {
    const { order, awb } = await deliveredWithFan();
    fan.payOut(awb);
    fan.down(true);
    await cashDueNow();
    await expect(collectCash(database.db, shipping, today)).rejects.toMatchObject({ kind: 'unavailable' });
    fan.down(false);
    expect((await shipmentOf(order.id)).cashPaid).toBeNull();
    const [check] = await database.db.select().from(courierRounds).where(eq(courierRounds.courier, 'fan'));
    expect(check!.leaseUntil).toBeNull();
    expect(check!.nextAt.getTime() - Date.now()).toBeLessThan(15 * 60_000);
    await cashDueNow();
    await collectCash(database.db, shipping, today);
    expect((await shipmentOf(order.id)).cashPaid).toBe(order.totalAmount);
  });

  it('a courier that does not report its payouts is on the dashboard as such; a card order owes nothing', async () => {
    const row = async () => ((await asOwner('GET', '/api/admin/dashboard')).json().cashWithCouriers as { courier: string; parcels: number }[]).find((cash) => cash.courier === 'sameday');
    const before = await row();
    for (const overrides of [{}, { paymentMethod: 'card' }]) {
      const order = await confirmedOrder(overrides);
      const created = await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order));
      sameday.deliver(created.json().awb);
    }
    await dueNow();
    await trackShipments(database.db, shipping, null);
    expect(await row()).toMatchObject({ courierName: 'Sameday', reportsPayouts: false, parcels: (before?.parcels ?? 0) + 1 });
  });
});

describe('Cancel AWB', () => {
  it('cancels an AWB not yet picked up and puts the order back to be shipped; a new AWB takes the next reference', async () => {
    const order = await confirmedOrder();
    const created = (await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order))).json();
    const cancelled = await asOwner('POST', `/api/admin/shipments/${created.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect(sameday.awbs().find((awb) => awb.awbNumber === created.awb)!.deleted).toBe(true);
    const [back] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(back).toMatchObject({ status: 'confirmed', carrier: null, trackingNumber: null });
    const [row] = await database.db.select().from(shipments).where(eq(shipments.id, created.id));
    expect(row!.status).toBe('cancelled');
    const page = (await asOwner('GET', `/api/admin/orders/${order.id}`)).json();
    expect(page.events.at(-1)).toMatchObject({ from: 'shipped', to: 'confirmed', note: `AWB ${created.awb} (Sameday)` });

    expect((await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(back!))).statusCode).toBe(201);
    expect(lastAwbForm().clientInternalReference).toBe(`${order.number}-2`);
    // The cancelled one is not the order's AWB any more.
    expect((await asOwner('POST', `/api/admin/shipments/${created.id}/cancel`)).statusCode).toBe(409);
  });

  it('a paid card order goes back to paid', async () => {
    const order = await confirmedOrder({ paymentMethod: 'card' });
    const created = (await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order))).json();
    expect((await asOwner('POST', `/api/admin/shipments/${created.id}/cancel`)).statusCode).toBe(204);
    const [back] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(back!.status).toBe('paid');
  });

  it('refuses once the courier has the parcel, changing nothing', async () => {
    const order = await confirmedOrder();
    const created = (await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order))).json();
    sameday.inTransit(created.awb);
    const refused = await asOwner('POST', `/api/admin/shipments/${created.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Sameday cannot cancel this AWB any more \(.+\): the parcel is on its way\.$/);
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ status: 'shipped', trackingNumber: created.awb });
    expect((await database.db.select().from(shipments).where(eq(shipments.id, created.id)))[0]).toMatchObject({ status: 'active', cancelRequestedAt: null });
  });

  const shipmentRow = async (id: string) => (await database.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;
  /** The next process's look, a minute on. */
  const settleNow = async () => {
    await database.db
      .update(shipments)
      .set({ cancelRequestedAt: new Date(Date.now() - 120_000) })
      .where(isNotNull(shipments.cancelRequestedAt));
    return settleCancels(database.db, shipping);
  };

  it('FAN cancels it but its answer never comes: the intent is kept, the order stays shipped, and the next look puts the order back without cancelling twice', async () => {
    const order = await confirmedOrder();
    const created = (await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order, { courier: 'fan' }))).json();
    const slowFan: Shipping = { ...shipping, couriers: new Map([['fan', fanCourier({ username: 'clienttest', password: 'testing', clientId: '7032158', baseUrl: fan.url, timeoutMs: 300 })]]) };
    await slowFan.couriers.get('fan')!.track(created.awb);
    fan.slowDown(700, ['/awb']);
    try {
      await expect(cancelAwb(database.db, created.id, slowFan, owner)).rejects.toMatchObject({ code: 'courier_slow' });
      await new Promise((resolve) => setTimeout(resolve, 900));
    } finally {
      fan.slowDown(0);
    }
    // FAN has cancelled it; the shop has not heard: the order is still shipped, the intent written.
    expect(fan.awbs().find((awb) => awb.awbNumber === created.awb)!.deleted).toBe(true);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'shipped', trackingNumber: created.awb });
    expect((await shipmentRow(created.id)).cancelRequestedAt).not.toBeNull();
    expect(await settleNow()).toBe(1);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'confirmed', trackingNumber: null });
    expect(await shipmentRow(created.id)).toMatchObject({ status: 'cancelled', cancelRequestedAt: null });
    expect(await settleNow()).toBe(0);
  });

  it('the courier picked the parcel up before the cancel reached it: the next look drops the intent, the order stays shipped', async () => {
    const order = await confirmedOrder();
    const created = (await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order))).json();
    await database.db.update(shipments).set({ cancelRequestedAt: new Date(), cancelRequestedBy: owner.id }).where(eq(shipments.id, created.id));
    sameday.inTransit(created.awb);
    expect(await settleNow()).toBe(1);
    expect(await shipmentRow(created.id)).toMatchObject({ status: 'active', cancelRequestedAt: null });
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('shipped');
  });

  it('Sameday cancelled it and the shop missed it: tracking finishes the owner’s cancel as theirs, with no mail of a cancellation at Sameday', async () => {
    const order = await confirmedOrder();
    const created = (await asOwner('POST', `/api/admin/orders/${order.id}/awb`, request(order))).json();
    await database.db.update(shipments).set({ cancelRequestedAt: new Date(), cancelRequestedBy: owner.id }).where(eq(shipments.id, created.id));
    sameday.cancelInPortal(created.awb);
    await database.db
      .update(shipments)
      .set({ trackAt: new Date(Date.now() - 1000) })
      .where(eq(shipments.id, created.id));
    await trackShipments(database.db, shipping, null);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('confirmed');
    expect(await shipmentRow(created.id)).toMatchObject({ status: 'cancelled', cancelRequestedAt: null });
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'awb_cancelled'))),
    ).toEqual([]);
  });
});

describe('labels for the day', () => {
  it('prints every label of the AWBs created today in one PDF, the cancelled ones left out; the dashboard offers it', async () => {
    const count = (await asOwner('GET', '/api/admin/dashboard')).json().awbsToday as number;
    expect(count).toBeGreaterThan(0);
    const labels = await asOwner('GET', '/api/admin/shipments/labels?format=A6');
    expect(labels.statusCode).toBe(200);
    expect(labels.headers['content-type']).toBe('application/pdf');
    const { PDFDocument } = await import('@cantoo/pdf-lib');
    // The stand-in's labels are one page each.
    expect((await PDFDocument.load(labels.rawPayload)).getPageCount()).toBe(count);
    const active = await database.db.select({ id: shipments.id }).from(shipments).where(ne(shipments.status, 'cancelled'));
    expect(count).toBe(active.length);
    expect((await asOwner('GET', '/api/admin/shipments/labels?day=2001-01-01')).json()).toMatchObject({ message: 'No AWB was created that day.' });
  });

  it('keeps each AWB’s labels once fetched (the tracking round fetches today’s): a busy day’s labels print without asking the couriers, even while they are down', async () => {
    // Ten a round, round after round until none is left.
    let rounds = 0;
    while ((await prepareLabels(database.db, shipping)) > 0) expect(++rounds).toBeLessThan(20);
    const kept = await database.db.select({ a6: shipments.labelA6, a4: shipments.labelA4 }).from(shipments).where(ne(shipments.status, 'cancelled'));
    expect(kept.every((row) => row.a6?.subarray(0, 5).toString() === '%PDF-' && row.a4?.subarray(0, 5).toString() === '%PDF-')).toBe(true);
    const [asked, askedFan] = [sameday.requests.length, fan.requests.length];
    sameday.down(true);
    fan.down(true);
    try {
      const labels = await asOwner('GET', '/api/admin/shipments/labels?format=A4');
      expect(labels.statusCode).toBe(200);
      const { PDFDocument } = await import('@cantoo/pdf-lib');
      expect((await PDFDocument.load(labels.rawPayload)).getPageCount()).toBe(kept.length);
      const [one] = await database.db.select({ id: shipments.id }).from(shipments).where(ne(shipments.status, 'cancelled')).limit(1);
      expect((await asOwner('GET', `/api/admin/shipments/${one!.id}/label?format=A6`)).statusCode).toBe(200);
    } finally {
      sameday.down(false);
      fan.down(false);
    }
    expect([sameday.requests.length, fan.requests.length]).toEqual([asked, askedFan]);
  });
});
