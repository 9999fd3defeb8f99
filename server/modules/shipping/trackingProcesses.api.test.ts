/**
 * Tracking in two shop processes on one PostgreSQL (issue 33), as production runs them: both follow the parcels every
 * 3 seconds (COURIER_TRACK_EVERY_MINUTES=0.05), and each AWB is asked about once a round, not once by each process; a
 * delivered parcel moves its order once. Runs with TEST_DATABASE=postgres only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../../db/client';
import { orderEvents, orders } from '../../../db/schema/orders';
import { shipments } from '../../../db/schema/shipping';
import { orderRequestSchema } from '../../../domain/checkout';
import { courierAddress } from '../../../domain/courier';
import { freePort, type ShopProcess, startShop } from '../../../scripts/shopProcess';
import { createPostgresDatabase } from '../../../testing/database';
import { type FakeSameday, startFakeSameday } from '../../../testing/fakeSameday';
import { sampleOrder } from '../../../testing/sampleOrder';
import { samedayCourier } from '../../integrations/couriers/sameday';
import { placeOrder } from '../orders/place';
import { changeOrderStatus } from '../orders/status';

const ROUND_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.TEST_DATABASE === 'postgres')('tracking in two processes on one PostgreSQL', () => {
  let sameday: FakeSameday;
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  const shops: ShopProcess[] = [];
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-tracking-'));

  beforeAll(async () => {
    sameday = await startFakeSameday({ username: 'shop', password: 'secret' });
    target = await createPostgresDatabase();
    const env = (n: number) => ({
      DATABASE_URL: target.url,
      DATA_DIR: path.join(folder, `process-${n}`),
      WEB_ROOT: './no-web-app',
      AUTH_SECRET: 'tracking-test-secret-0123456789abcdef0123',
      LOG_LEVEL: 'error',
      SAMEDAY_USERNAME: 'shop',
      SAMEDAY_PASSWORD: 'secret',
      SAMEDAY_ENV: 'demo',
      SAMEDAY_BASE_URL: sameday.url,
      COURIER_TRACK_EVERY_MINUTES: String(ROUND_MS / 60_000),
    });
    // The first migrates and seeds; then the second.
    shops.push(await startShop(await freePort(), env(1)));
    shops.push(await startShop(await freePort(), env(2)));
    database = await openPostgres({ connectionString: target.url, max: 2 });
  }, 90_000);

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await database?.close();
    await target?.drop();
    await sameday?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A cash order shipped with an AWB made at the stand-in (as Create AWB does), due to be tracked now. */
  async function shippedOrder() {
    const placed = await placeOrder(database.db, orderRequestSchema.parse(sampleOrder()));
    await changeOrderStatus(database.db, placed.id, 'confirmed', { actor: 'owner' });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.id));
    const created = await samedayCourier({ username: 'shop', password: 'secret', baseUrl: sameday.url }).create({
      reference: String(order!.number),
      recipient: { name: 'Ana Popescu', phone: '0712345678', email: 'ana@example.ro' },
      to: { address: courierAddress(order!)! },
      parcels: 1,
      weightGrams: 500,
      dimensionsCm: { length: 20, width: 15, height: 10 },
      cashOnDelivery: order!.totalAmount,
      declaredValue: order!.totalAmount,
      note: '',
      openPackage: false,
    });
    await database.db.transaction(async (tx) => {
      await tx.insert(shipments).values({
        orderId: placed.id,
        courier: 'sameday',
        awb: created.awb,
        reference: String(order!.number),
        parcelAwbs: created.parcels,
        parcels: 1,
        weightGrams: 500,
        cashOnDelivery: order!.totalAmount,
        declaredValue: order!.totalAmount,
      });
      await changeOrderStatus(tx, placed.id, 'shipped', { actor: 'owner', set: { carrier: 'Sameday', trackingNumber: created.awb } });
    });
    return { id: placed.id, awb: created.awb };
  }

  it('asks Sameday about each AWB once a round, and moves a delivered parcel’s order once', async () => {
    const parcels = [await shippedOrder(), await shippedOrder(), await shippedOrder(), await shippedOrder()];
    const start = Date.now();
    await sleep(4 * ROUND_MS);
    const rounds = Math.floor((Date.now() - start) / ROUND_MS) + 1;
    const asked = parcels.map((parcel) => sameday.statusCalls.get(parcel.awb) ?? 0);
    // Each asked round after round, never by both processes in one: twice as often if both asked.
    for (const times of asked) {
      expect(times).toBeGreaterThanOrEqual(2);
      expect(times).toBeLessThanOrEqual(rounds + 1);
    }

    const delivered = parcels[0]!;
    sameday.deliver(delivered.awb);
    const status = async () => (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, delivered.id)))[0]!.status;
    for (let waited = 0; (await status()) !== 'delivered'; waited += 250) {
      if (waited > 20_000) throw new Error('the order never became delivered');
      await sleep(250);
    }
    // Both processes go on for two more rounds: the order became delivered once.
    await sleep(2 * ROUND_MS);
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, delivered.id), eq(orderEvents.toStatus, 'delivered')));
    expect(events).toHaveLength(1);
    for (const shop of shops) expect(shop.child.exitCode).toBeNull();
  }, 90_000);
});
