/**
 * Orders per second and latency of POST /api/orders on a real PostgreSQL. Run by `npm run bench`
 * inside `pg_virtualenv -v 15`, which provides a throwaway cluster through the PG* variables.
 * The load generator, the shop and PostgreSQL share this machine's cores, as they would on a
 * small server; the figure is a floor, not a ceiling.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sampleOrder } from '../testing/sampleOrder';
import { createBenchDatabase } from './benchDatabase';
import { startShop } from './shopProcess';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP = 500;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const PORT = 4391;

const databaseUrl = await createBenchDatabase('shop_bench');

// TRUST_PROXY: each order comes from its own visitor's address (X-Forwarded-For), as real traffic does.
const shop = await startShop(PORT, {
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: '20',
  WEB_ROOT: './no-web-app',
  NODE_ENV: 'production',
  AUTH_SECRET: randomUUID() + randomUUID(),
  TRUST_PROXY: 'true',
  // Its mails (the outbox sends them as it would in production) go to files in a throwaway folder.
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-bench-orders-')),
}, 30_000, { cpus: '0' });
// The shop on core 0, this load generator on core 1 (PostgreSQL floats).
spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

let visitors = 0;
/**
 * Each order from its own visitor (address, email, phone number), as real traffic is: the order
 * limits (10 per address, 5 per email or phone) count every order, as in production, and refuse none.
 */
function order() {
  visitors += 1;
  const n = visitors;
  const body = JSON.stringify(
    sampleOrder({ email: `bench-${n}@example.ro`, phoneNumber: `07${String(n).padStart(8, '0')}`, lines: [{ productId: '1', quantity: 2 }, { productId: '4', quantity: 1 }] }),
  );
  return { body, ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

function post({ body, ip }: { body: string; ip: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': ip };
    const request = http.request(
      { agent, host: '127.0.0.1', port: PORT, path: '/api/orders', method: 'POST', headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function run(total: number) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next += 1;
        const visitorOrder = order();
        const sent = performance.now();
        const status = await post(visitorOrder);
        latencies.push(performance.now() - sent);
        if (status !== 201) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { perSecond: total / seconds, p50: at(0.5), p99: at(0.99), failures };
}

try {
  await run(WARMUP);
  const result = await run(ORDERS);
  console.log(`\nPOST /api/orders on PostgreSQL 15, ${ORDERS} orders, ${CONCURRENCY} concurrent clients:`);
  console.log(`  ${result.perSecond.toFixed(0)} orders/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.failures} failed`);
  process.exitCode = result.failures > 0 ? 1 : 0;
} finally {
  agent.destroy();
  await shop.stop();
}
