import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { rateLimits } from '../../../db/schema/rateLimits';
import { seedCatalog } from '../../../db/seed';
import { buildTestApp, type TestApp } from '../../../testing/app';
import { createTestDatabase } from '../../../testing/database';
import { sampleOrder } from '../../../testing/sampleOrder';
import { loadConfig } from '../../env';
import { pruneExpiredCounters, pruneExpiredCountersNowAndThen } from '../../rateLimits';
import { orderLimitsFrom, phoneKey } from './orderLimits';

let database: Database;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database.db);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(orders);
  await database.db.delete(rateLimits);
});

async function shopWith(limits: { perIp?: number; perContact?: number; windowSeconds?: number }) {
  const app = await buildTestApp(database.db, { orderLimits: { perIp: 100, perContact: 100, ...limits } });
  apps.push(app);
  return app;
}

let visitor = 0;
/** A new customer: their own email and phone number. */
function customer() {
  visitor += 1;
  return { email: `customer-${visitor}@example.ro`, phoneNumber: `07${String(visitor).padStart(8, '0')}` };
}

const place = (app: TestApp, ip: string, body: object = sampleOrder(customer())) => app.inject({ method: 'POST', url: '/api/orders', payload: body, remoteAddress: ip });

async function orderCount() {
  const [row] = await database.db.select({ n: count() }).from(orders);
  return row!.n;
}

describe('orders per connection', () => {
  it('answers 429 with Retry-After and the message once an address has placed its limit, and places nothing more', async () => {
    const app = await shopWith({ perIp: 3, windowSeconds: 600 });
    for (let i = 0; i < 3; i += 1) expect((await place(app, '198.51.100.1')).statusCode).toBe(201);

    const refused = await place(app, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      message: 'Too many orders from this connection. Please wait a few minutes and try again.',
      code: 'too_many_orders',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await place(app, '198.51.100.1')).statusCode).toBe(429);
    expect(await orderCount()).toBe(3);

    // Another connection is not affected.
    expect((await place(app, '198.51.100.2')).statusCode).toBe(201);
    expect(await orderCount()).toBe(4);
  });

  it('holds under concurrent submits: 12 orders at once from one address place exactly the limit', async () => {
    const app = await shopWith({ perIp: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => place(app, '198.51.100.4')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(3).fill(201), ...Array(9).fill(429)]);
    expect(await orderCount()).toBe(3);
  });

  it('lets the address order again once its window has ended', async () => {
    const app = await shopWith({ perIp: 1 });
    expect((await place(app, '198.51.100.3')).statusCode).toBe(201);
    expect((await place(app, '198.51.100.3')).statusCode).toBe(429);
    await database.db.update(rateLimits).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await place(app, '198.51.100.3')).statusCode).toBe(201);
  });
});

describe('orders per email and per phone number', () => {
  it('refuses a sixth order for one email from any address, and one phone number however it is written', async () => {
    const app = await shopWith({ perContact: 2 });
    const ana = customer();
    expect((await place(app, '198.51.100.10', sampleOrder(ana))).statusCode).toBe(201);
    expect((await place(app, '198.51.100.11', sampleOrder({ ...ana, email: ana.email.toUpperCase() }))).statusCode).toBe(201);
    const byEmail = await place(app, '198.51.100.12', sampleOrder({ ...customer(), email: ana.email }));
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json().message).toBe('Too many orders for this email address or phone number. Please wait a few minutes and try again.');
    expect(Number(byEmail.headers['retry-after'])).toBeGreaterThan(0);

    const samePhoneAgain = `+40 ${ana.phoneNumber.slice(1, 4)} ${ana.phoneNumber.slice(4, 7)} ${ana.phoneNumber.slice(7)}`;
    const byPhone = await place(app, '198.51.100.13', sampleOrder({ ...customer(), phoneNumber: samePhoneAgain }));
    expect(byPhone.statusCode).toBe(429);
    expect(await orderCount()).toBe(2);

    expect((await place(app, '198.51.100.14', sampleOrder(customer()))).statusCode).toBe(201);
  });

  it('compares phone numbers by their last nine digits', () => {
    expect(phoneKey('+40 712 345 678')).toBe(phoneKey('0712345678'));
    expect(phoneKey('(0712) 345-678')).toBe('712345678');
    expect(phoneKey('0712345679')).not.toBe(phoneKey('0712345678'));
  });
});

describe('what counts', () => {
  it('never counts a retry of an order already placed (same idempotency key), even at the limit', async () => {
    const app = await shopWith({ perIp: 2 });
    const first = sampleOrder(customer());
    const placed = await place(app, '198.51.100.20', first);
    expect(placed.statusCode).toBe(201);
    for (let i = 0; i < 5; i += 1) {
      const retry = await place(app, '198.51.100.20', first);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().id).toBe(placed.json().id);
    }
    expect((await place(app, '198.51.100.20')).statusCode).toBe(201);
    expect((await place(app, '198.51.100.20')).statusCode).toBe(429);
    // At the limit, the first order's retry still gets its answer.
    expect((await place(app, '198.51.100.20', first)).statusCode).toBe(200);
    expect(await orderCount()).toBe(2);
  });

  it('counts concurrent duplicates of one submit once', async () => {
    const app = await shopWith({ perIp: 2 });
    const body = sampleOrder(customer());
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(app, '198.51.100.21', body)));
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect((await place(app, '198.51.100.21')).statusCode).toBe(201);
  });

  it('does not count an order that was refused as bad input', async () => {
    const app = await shopWith({ perIp: 1 });
    expect((await place(app, '198.51.100.22', sampleOrder({ ...customer(), lines: [{ productId: 'nope', quantity: 1 }] }))).statusCode).toBe(400);
    expect((await place(app, '198.51.100.22', sampleOrder({ ...customer(), firstName: 'A\u0000' }))).statusCode).toBe(400);
    expect((await place(app, '198.51.100.22')).statusCode).toBe(201);
  });

  it('shares the count between two app instances (processes) on one database', async () => {
    const one = await shopWith({ perIp: 2, perContact: 2 });
    const two = await shopWith({ perIp: 2, perContact: 2 });
    expect((await place(one, '198.51.100.30')).statusCode).toBe(201);
    expect((await place(two, '198.51.100.30')).statusCode).toBe(201);
    expect((await place(one, '198.51.100.30')).statusCode).toBe(429);
    expect((await place(two, '198.51.100.30')).statusCode).toBe(429);

    const ana = customer();
    expect((await place(two, '198.51.100.31', sampleOrder(ana))).statusCode).toBe(201);
    expect((await place(one, '198.51.100.32', sampleOrder(ana))).statusCode).toBe(201);
    expect((await place(two, '198.51.100.33', sampleOrder(ana))).statusCode).toBe(429);
  });

  it('keeps no address, email or phone number in clear in the counters', async () => {
    const app = await shopWith({});
    const ana = customer();
    await place(app, '198.51.100.40', sampleOrder(ana));
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toHaveLength(3);
    expect(keys.join(' ')).not.toMatch(/198\.51|customer-|@|0\d{9}/);
    expect(keys.map((key) => key.split(':').slice(0, 2).join(':')).sort()).toEqual(['order:email', 'order:ip', 'order:phone']);
  });
});

describe('expired counters', () => {
  const counter = (key: string, secondsFromNow: number) => ({
    key,
    count: 3,
    windowStart: sql`now() - interval '1 hour'`,
    expiresAt: sql`now() + make_interval(secs => ${secondsFromNow})`,
  });

  it('are deleted by pruning; live ones stay', async () => {
    await database.db.insert(rateLimits).values([counter('old:a', -3600), counter('old:b', -1), counter('live:a', 60), counter('live:b', 3600)]);
    expect(await pruneExpiredCounters(database.db)).toBe(2);
    const left = await database.db.select({ key: rateLimits.key }).from(rateLimits).orderBy(rateLimits.key);
    expect(left.map((row) => row.key)).toEqual(['live:a', 'live:b']);
  });

  it('are pruned in batches when there are many', async () => {
    await database.db.insert(rateLimits).values(Array.from({ length: 2500 }, (_, i) => counter(`old:${i}`, -10)));
    expect(await pruneExpiredCounters(database.db)).toBe(2500);
    expect(await database.db.select({ n: count() }).from(rateLimits)).toEqual([{ n: 0 }]);
  });

  it('are pruned on the way of an order at most once a minute per process', async () => {
    const fresh = await createTestDatabase();
    try {
      await seedCatalog(fresh.db);
      const app = await buildTestApp(fresh.db);
      apps.push(app);
      await fresh.db.insert(rateLimits).values([counter('old:a', -5), counter('live:a', 60)]);
      // The process's first counted request prunes…
      expect((await place(app, '198.51.100.50')).statusCode).toBe(201);
      expect(await fresh.db.select().from(rateLimits).where(eq(rateLimits.key, 'old:a'))).toHaveLength(0);
      // …and the next ones within the minute leave pruning alone.
      await fresh.db.insert(rateLimits).values(counter('old:b', -5));
      expect((await place(app, '198.51.100.50')).statusCode).toBe(201);
      expect(await fresh.db.select().from(rateLimits).where(eq(rateLimits.key, 'old:b'))).toHaveLength(1);
      await pruneExpiredCountersNowAndThen(fresh.db, Date.now() + 61_000);
      expect(await fresh.db.select().from(rateLimits).where(eq(rateLimits.key, 'old:b'))).toHaveLength(0);
      expect(await fresh.db.select().from(rateLimits).where(eq(rateLimits.key, 'live:a'))).toHaveLength(1);
    } finally {
      await apps.pop()?.close();
      await fresh.close();
    }
  });
});

describe('settings', () => {
  it('default to 10 orders per address and 5 per email or phone in 10 minutes, and 100,000 lei an order; 0 turns a limit off', async () => {
    expect(orderLimitsFrom(loadConfig({}))).toEqual({ perIp: 10, perContact: 5, windowSeconds: 600, maxTotal: 10_000_000 });
    expect(orderLimitsFrom(loadConfig({ ORDER_LIMIT_PER_IP: '0', ORDER_LIMIT_PER_CONTACT: '50', ORDER_LIMIT_WINDOW_SECONDS: '3600', ORDER_MAX_TOTAL_LEI: '5000' }))).toEqual({
      perIp: 0,
      perContact: 50,
      windowSeconds: 3600,
      maxTotal: 500_000,
    });
    expect(() => loadConfig({ ORDER_LIMIT_PER_IP: '-1' })).toThrow(/ORDER_LIMIT_PER_IP/);

    const unlimited = await shopWith({ perIp: 0 });
    for (let i = 0; i < 5; i += 1) expect((await place(unlimited, '198.51.100.60')).statusCode).toBe(201);
  });
});
