/**
 * Scale-out on one machine (issue 31): three shop processes from the build on one PostgreSQL, behind a real load
 * balancer (HAProxy, from Debian's packages; `.ci/run` installs it), as production runs them. Orders placed through
 * the balancer are each stored once and reach every process; the owner's live stream on one process sees orders
 * taken by the others; a price changed through one is served by all; an image uploaded through one is served by all
 * (decision 0031). Runs with TEST_DATABASE=postgres only.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { user } from '../db/schema/accounts';
import { orders } from '../db/schema/orders';
import { freePort, type ShopProcess, startShop } from '../scripts/shopProcess';
import { createPostgresDatabase } from '../testing/database';
import { NO_ORDER_LIMITS, type OrderAttempt, postOrder } from '../testing/orderStream';
import { sampleOrder } from '../testing/sampleOrder';
import { turnOnTwoFactorAt } from '../testing/twoFactor';
import { setRole } from './modules/accounts/service';

const HAPROXY = '/usr/sbin/haproxy';
const ORDERS = 30;

describe.runIf(process.env.TEST_DATABASE === 'postgres')('three processes behind HAProxy on one PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const shops: ShopProcess[] = [];
  let balancer: ChildProcess | undefined;
  let origin = '';
  let stats = '';
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-scale-out-'));

  beforeAll(async () => {
    if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install -y haproxy (.ci/run does)`);
    target = await createPostgresDatabase();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const statsPort = await freePort();
    stats = `http://127.0.0.1:${statsPort}/stats;csv`;
    // Each process its own image folder: only the database is shared.
    const env = (n: number) => ({
      DATABASE_URL: target.url,
      DATA_DIR: path.join(folder, `process-${n}`),
      PUBLIC_URL: origin,
      AUTH_SECRET: 'scale-out-test-secret-0123456789abcdef012',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...NO_ORDER_LIMITS,
    });
    // One first (it migrates and seeds), then two more at once.
    shops.push(await startShop(await freePort(), env(1)));
    shops.push(...(await Promise.all([2, 3].map(async (n) => startShop(await freePort(), env(n))))));
    const config = path.join(folder, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        '  maxconn 256',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 30s',
        '  timeout server 30s',
        'frontend stats',
        `  bind 127.0.0.1:${statsPort}`,
        '  stats enable',
        '  stats uri /stats',
        'frontend shop',
        `  bind 127.0.0.1:${port}`,
        '  option forwardfor',
        '  default_backend processes',
        'backend processes',
        '  balance roundrobin',
        '  option httpchk GET /api/health',
        ...shops.map((shop, n) => `  server process${n + 1} ${new URL(shop.origin).host} check inter 500ms`),
        '',
      ].join('\n'),
    );
    balancer = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'inherit', 'inherit'] });
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await fetch(`${origin}/api/health`).catch(() => null))?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('HAProxy did not answer');
  }, 90_000);

  afterAll(async () => {
    balancer?.kill('SIGTERM');
    for (const shop of shops) await shop.stop();
    await target?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  /** An owner account made through the balancer, as a customer signs up, then promoted (as npm run admin does). */
  async function owner() {
    const email = `owner-${Date.now()}@example.ro`;
    const response = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'scale-out-owner-password', name: 'Owner' }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.includes('session_token='))!
      .split(';')[0]!;
    const database = await openPostgres({ connectionString: target.url, max: 1 });
    try {
      const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      await setRole(database.db, row!.id, 'owner');
    } finally {
      await database.close();
    }
    // The back office opens once its owner has two-factor sign-in (issue 48).
    return { cookie: await turnOnTwoFactorAt(origin, email, 'scale-out-owner-password', cookie) };
  }

  it('stores every order placed through the balancer once; each process took some; a stream on one sees them all', async () => {
    const { cookie } = await owner();
    // The live stream of process 1, straight to it (not through the balancer).
    const abort = new AbortController();
    const stream = await fetch(`${shops[0]!.origin}/api/admin/events`, { headers: { cookie }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const seen = new Set<string>();
    const reading = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream.body!) {
          for (const match of decoder.decode(chunk, { stream: true }).matchAll(/"id":"([0-9a-f-]{36})"/g)) seen.add(match[1]!);
        }
      } catch {
        // aborted
      }
    })();

    const placed = await Promise.all(Array.from({ length: ORDERS }, (_, n) => postOrder(origin, sampleOrder({ email: `scale-${n}@example.ro` }) as OrderAttempt['body'])));
    expect(placed.map((attempt) => attempt.status)).toEqual(placed.map(() => 201));

    const database = await openPostgres({ connectionString: target.url, max: 1 });
    try {
      const stored = await database.db.select({ id: orders.id, email: orders.email }).from(orders);
      expect(stored.map((row) => row.id).sort()).toEqual(placed.map((attempt) => attempt.id).sort());
      expect(new Set(stored.map((row) => row.email)).size).toBe(ORDERS);
    } finally {
      await database.close();
    }

    // Round robin: each process took orders (HAProxy's counters of requests sent to each server, from its stats).
    const csv = (await (await fetch(stats)).text()).split('\n').map((line) => line.split(','));
    const header = csv[0]!.map((name) => name.replace(/^# /, ''));
    const sent = (server: string) => Number(csv.find((row) => row[0] === 'processes' && row[1] === server)![header.indexOf('stot')]);
    for (const server of ['process1', 'process2', 'process3']) expect(sent(server), server).toBeGreaterThanOrEqual(ORDERS / 3 - 1);
    const deadline = Date.now() + 10_000;
    while (placed.some((attempt) => !seen.has(attempt.id!)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(placed.filter((attempt) => !seen.has(attempt.id!))).toEqual([]);
    abort.abort();
    await reading;
  }, 60_000);

  it('serves a price changed through one process, and an image uploaded through another, from every process', async () => {
    const { cookie } = await owner();
    const headers = { cookie, origin };
    const changed = await fetch(`${shops[1]!.origin}/api/admin/products/2`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ price: 5555 }),
    });
    expect(changed.status).toBe(200);
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const uploaded = await fetch(`${shops[2]!.origin}/api/admin/products/2/images`, { method: 'POST', headers: { ...headers, 'content-type': 'image/png' }, body: png });
    expect(uploaded.status).toBe(200);
    const image: string = ((await uploaded.json()) as { product: { images: string[] } }).product.images.at(-1)!;

    for (const shop of shops) {
      // Each process reloads its catalogue on the change's NOTIFY: within moments, never a restart.
      let price = 0;
      for (let attempt = 0; attempt < 100 && price !== 5555; attempt++) {
        const { products } = (await (await fetch(`${shop.origin}/api/products`)).json()) as { products: { id: string; price: number }[] };
        price = products.find((product) => product.id === '2')!.price;
        if (price !== 5555) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(price, shop.origin).toBe(5555);
      const served = await fetch(`${shop.origin}${image}`);
      expect(served.status, `${shop.origin}${image}`).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
    }
  }, 60_000);
});
