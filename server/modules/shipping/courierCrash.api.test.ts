import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { user } from '../../../db/schema/accounts';
import { orders } from '../../../db/schema/orders';
import { awbAttempts, shipments } from '../../../db/schema/shipping';
import { seedCatalog } from '../../../db/seed';
import { orderRequestSchema } from '../../../domain/checkout';
import { freePort, type ShopProcess, startShop } from '../../../scripts/shopProcess';
import { sharedTestDatabase } from '../../../testing/database';
import { type FakeFan, type FanRecordedRequest, startFakeFan } from '../../../testing/fakeFan';
import { sampleOrder } from '../../../testing/sampleOrder';
import { signInOwnerAt } from '../../../testing/twoFactor';
import { fanCourier } from '../../integrations/couriers/fan';
import { createLogger } from '../../logging';
import { createAuth } from '../accounts/auth';
import { makeOwner } from '../accounts/service';
import { placeOrder } from '../orders/place';
import { changeOrderStatus } from '../orders/status';
import { checkAwbAttempts } from './attempts';
import { settleCancels } from './cancelling';
import { NO_COURIERS } from './couriers';
import { createAwb } from './service';

/*
 * A shop process killed with SIGKILL while FAN Courier makes an order's AWB (issue 43, item 17), or cancels it (item
 * 18). Making it: FAN has taken the request and makes the AWB after the process is gone, so the shop never hears of it.
 * The attempt the shop wrote before calling FAN is left `creating`; the next look finds the AWB FAN made (its day's
 * AWBs, by the reference) and ships the order with it: one live AWB, none orphaned. Cancelling it: the intent written
 * before FAN was asked is left, and the next look asks FAN again and takes the order back to be shipped. The shop runs
 * as its own process (the build: npm run build first), on the embedded database's folder or on PostgreSQL as the test
 * run says.
 */
const SECRET = 'awb-crash-test-secret-0123456789abcdef';
const OWNER = { email: 'owner@example.ro', password: 'a-long-owner-password-for-tests' };

let fan: FakeFan;
let shop: ShopProcess | undefined;
const folders: string[] = [];
const drops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  fan = await startFakeFan({ username: 'clienttest', password: 'testing', clientId: '7032158' });
});
afterAll(async () => {
  await shop?.stop('SIGKILL');
  await fan?.close();
  for (const drop of drops) await drop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The shop's FAN Courier, as the next process has it. */
const fanShipping = () => ({ ...NO_COURIERS, couriers: new Map([['fan', fanCourier({ username: 'clienttest', password: 'testing', clientId: '7032158', baseUrl: fan.url })]] as const) });

/** A database of its own with the catalogue, the owner's account and a confirmed order: the database, still open, and the order. */
async function shopWithConfirmedOrder(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-${name}-crash-`));
  folders.push(dataDir);
  const target = await sharedTestDatabase(dataDir);
  drops.push(target.drop);
  const database = await target.open();
  await seedCatalog(database.db);
  const placed = await placeOrder(database.db, orderRequestSchema.parse(sampleOrder()));
  await changeOrderStatus(database.db, placed.id, 'confirmed', { actor: 'owner' });
  await makeOwner(database.db, createAuth(database.db, { baseURL: 'http://localhost', secret: SECRET, secureCookies: false }, createLogger('warn')), OWNER);
  const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
  const awbRequest = { courier: 'fan' as const, parcels: 1, weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10, declaredValue: order!.totalAmount, openPackage: false, version: order!.version };
  return { dataDir, target, database, order: order!, awbRequest };
}

/** The shop as its own process on that database (the test's own connection closed first where it must be), the owner signed in. */
async function startSignedIn(dataDir: string, target: Awaited<ReturnType<typeof sharedTestDatabase>>) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  shop = await startShop(port, {
    DATA_DIR: dataDir,
    WEB_ROOT: './no-web-app',
    AUTH_SECRET: SECRET,
    PUBLIC_URL: origin,
    ...target.env,
    FAN_USERNAME: 'clienttest',
    FAN_PASSWORD: 'testing',
    FAN_CLIENT_ID: '7032158',
    FAN_BASE_URL: fan.url,
    LOG_LEVEL: 'error',
  });
  return { origin, cookie: await signInOwnerAt(origin, OWNER) };
}

/**
 * FAN takes the request `ask` sends to `fanPath` and carries it out 1.5 s later; the shop is killed with SIGKILL while
 * it waits for the answer, and FAN has done it by the time this returns.
 */
async function killWhileFanAnswers(fanPath: string, sent: (request: FanRecordedRequest) => boolean, ask: () => Promise<unknown>) {
  const asked = fan.requests.length;
  fan.slowDown(1_500, [fanPath]);
  void ask().catch(() => undefined);
  for (let waited = 0; !fan.requests.slice(asked).some(sent); waited += 50) {
    if (waited > 20_000) throw new Error(`the shop never called FAN's ${fanPath}`);
    await sleep(50);
  }
  await shop!.stop('SIGKILL');
  shop = undefined;
  await sleep(1_800);
  fan.slowDown(0);
}

it('a process killed while FAN makes the AWB: the attempt is left, found at FAN, and ships the order with that one AWB', async () => {
  const { dataDir, target, database: prepared, order, awbRequest } = await shopWithConfirmedOrder('awb');
  if (!target.shared) await prepared.close();
  const { origin, cookie } = await startSignedIn(dataDir, target);

  await killWhileFanAnswers(
    '/intern-awb',
    (request) => request.path === '/intern-awb',
    () => fetch(`${origin}/api/admin/orders/${order.id}/awb`, { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify(awbRequest) }),
  );
  expect(fan.awbs().filter((awb) => !awb.deleted)).toHaveLength(1);

  const database = target.shared ? prepared : await target.open();
  try {
    expect(await database.db.select({ state: awbAttempts.state, reference: awbAttempts.reference }).from(awbAttempts)).toEqual([{ state: 'creating', reference: String(order.number) }]);
    const [unshipped] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unshipped!.status).toBe('confirmed');
    // The next process's round (its first look waits a minute: made due here).
    await database.db.update(awbAttempts).set({ checkAt: new Date(Date.now() - 1000) });
    expect(await checkAwbAttempts(database.db, fanShipping(), null)).toBe(1);
    const [shipped] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    const [made] = fan.awbs();
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'FAN Courier', trackingNumber: made!.awbNumber });
    expect(fan.awbs().filter((awb) => !awb.deleted)).toHaveLength(1);
  } finally {
    await database.close();
  }
}, 90_000);

it('a process killed while FAN cancels the AWB: FAN has cancelled it, the shop has not heard; the next look puts the order back to be shipped', async () => {
  const { dataDir, target, database: prepared, order, awbRequest } = await shopWithConfirmedOrder('cancel');
  const [owner] = await prepared.db.select({ id: user.id }).from(user).where(eq(user.email, OWNER.email));
  const shipment = await createAwb(prepared.db, order.id, awbRequest, fanShipping(), owner!, null);
  if (!target.shared) await prepared.close();
  const { origin, cookie } = await startSignedIn(dataDir, target);

  await killWhileFanAnswers(
    '/awb',
    (request) => request.method === 'DELETE',
    () => fetch(`${origin}/api/admin/shipments/${shipment.id}/cancel`, { method: 'POST', headers: { origin, cookie } }),
  );
  expect(fan.awbs().find((awb) => awb.awbNumber === shipment.awb)!.deleted).toBe(true);

  const database = target.shared ? prepared : await target.open();
  try {
    const [pending] = await database.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(pending).toMatchObject({ status: 'active', cancelRequestedBy: owner!.id });
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'shipped', trackingNumber: shipment.awb });
    // The next process's round, a minute on.
    await database.db
      .update(shipments)
      .set({ cancelRequestedAt: new Date(Date.now() - 120_000) })
      .where(eq(shipments.id, shipment.id));
    expect(await settleCancels(database.db, fanShipping())).toBe(1);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'confirmed', trackingNumber: null });
    expect((await database.db.select().from(shipments).where(eq(shipments.id, shipment.id)))[0]).toMatchObject({ status: 'cancelled', cancelRequestedAt: null });
  } finally {
    await database.close();
  }
}, 90_000);
