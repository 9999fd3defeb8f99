import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ShopProcess, startShop } from '../scripts/shopProcess';
import { answered, expectOrdersKept, NO_ORDER_LIMITS, type OrderAttempt, postOrder, streamOrders, summary } from '../testing/orderStream';
import { type PostgresCluster, startPostgresCluster } from '../testing/postgresCluster';
import { sampleOrder } from '../testing/sampleOrder';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors';
import { translate } from './i18n';

const migrationFiles: unknown[] = JSON.parse(readFileSync('db/migrations/meta/_journal.json', 'utf8')).entries;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthStatus(origin: string): Promise<{ status: number; message?: string; retryAfter: string | null } | null> {
  try {
    const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) });
    const body = (await response.json()) as { message?: string };
    return { status: response.status, message: body.message, retryAfter: response.headers.get('retry-after') };
  } catch {
    return null;
  }
}

async function waitForHealth(origin: string, status: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = await healthStatus(origin);
    if (health?.status === status) return health;
    if (Date.now() > deadline) throw new Error(`/api/health did not answer ${status} within ${timeoutMs} ms (last: ${JSON.stringify(health)})`);
    await sleep(100);
  }
}

/*
 * Issue 10 on PostgreSQL, with real processes: the shop as production runs it (server/main.ts),
 * on a cluster this file owns (testing/postgresCluster.ts), so it can crash PostgreSQL without
 * pulling the database from under the other test files. The tests run in order on one database:
 * two processes start on it together, one goes through a PostgreSQL crash, the other is killed.
 */
describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('PostgreSQL under faults', () => {
  let cluster: PostgresCluster;
  let databaseUrl: string;
  let oracle: pg.Pool;
  const shops: ShopProcess[] = [];
  const attempts: OrderAttempt[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    databaseUrl = await cluster.createDatabase('shop');
    oracle = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    oracle.on('error', () => undefined);
  });

  afterAll(async () => {
    for (const shop of shops) await shop.stop('SIGKILL');
    await oracle?.end();
    await cluster?.destroy();
  });

  const start = async () => {
    const shop = await startShop(await freePort(), { DATABASE_URL: databaseUrl, DATABASE_CONNECT_TIMEOUT_MS: '2000', WEB_ROOT: './no-web-app', ...NO_ORDER_LIMITS });
    shops.push(shop);
    return shop;
  };

  it('migrates and seeds once when two processes start at once on a fresh database', async () => {
    await Promise.all([start(), start()]);
    const { rows: migrations } = await oracle.query('select hash from drizzle.__drizzle_migrations');
    expect(migrations).toHaveLength(migrationFiles.length);
    const { rows: products } = await oracle.query('select id from products order by id');
    expect(products.map((row) => row.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('stays up through a PostgreSQL crash: 503 with the message meanwhile, health 503 then 200, orders again without a restart', async () => {
    const shop = shops[0]!;
    const stream = streamOrders(shop.origin, { concurrency: 4, max: 400 });
    await stream.until((done) => done.filter(answered(201)).length >= 30, 30_000, '30 orders placed before the crash');

    await cluster.stop('immediate');
    const down = await waitForHealth(shop.origin, 503, 10_000);
    expect(down).toEqual({ status: 503, message: translate('en', 'message.databaseDown'), retryAfter: String(DATABASE_RETRY_AFTER_SECONDS) });
    await stream.until((done) => done.some(answered(503)), 10_000, 'an order answered 503 while PostgreSQL is down');
    await sleep(3_000);
    await cluster.start();

    await waitForHealth(shop.origin, 200, 20_000);
    const placedBefore = stream.attempts.filter(answered(201)).length;
    await stream.until((done) => done.filter(answered(201)).length >= placedBefore + 30, 30_000, '30 more orders placed after the restart');
    const outage = await stream.stop();
    attempts.push(...outage);

    expect(shop.child.exitCode).toBeNull();
    expect(shops[1]!.child.exitCode).toBeNull();
    const refused = outage.filter(answered(503));
    expect(refused.length).toBeGreaterThan(0);
    for (const attempt of refused) {
      expect({ message: attempt.message, retryAfter: attempt.retryAfter }).toEqual({ message: translate('en', 'message.orderUnavailable'), retryAfter: String(DATABASE_RETRY_AFTER_SECONDS) });
    }
    // Nothing but 201 and 503: no 500, and no request left hanging.
    expect(
      outage.every((attempt) => attempt.status === 201 || attempt.status === 503),
      summary(outage),
    ).toBe(true);
    await expectOrdersKept(drizzle({ client: oracle }), attempts);
  }, 90_000);

  it('keeps every order answered 201 when a shop process is killed with SIGKILL in the middle of a stream', async () => {
    const victim = shops[1]!;
    const stream = streamOrders(victim.origin, { concurrency: 4, max: 300 });
    await stream.until((done) => done.filter(answered(201)).length >= 100, 30_000, '100 orders placed');
    await victim.stop('SIGKILL');
    const killed = await stream.stop();
    expect(killed.length).toBeLessThan(300);
    attempts.push(...killed);

    const restarted = await start();
    for (let n = 0; n < 5; n++) {
      const attempt = await postOrder(restarted.origin, sampleOrder({ email: `after-restart-${n}@example.ro` }) as OrderAttempt['body']);
      expect(attempt.status).toBe(201);
      attempts.push(attempt);
    }
    const kept = await expectOrdersKept(drizzle({ client: oracle }), attempts);
    expect(kept.placed).toBe(attempts.filter(answered(201)).length);
  }, 60_000);
});
