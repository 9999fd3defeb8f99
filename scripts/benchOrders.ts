/**
 * Orders per second and latency of POST /api/orders on a real PostgreSQL. Run by `npm run bench`
 * inside `pg_virtualenv -v 15`, which provides a throwaway cluster through the PG* variables.
 * The load generator, the shop and PostgreSQL share this machine's cores, as they would on a
 * small server; the figure is a floor, not a ceiling.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { sampleOrder } from '../testing/sampleOrder';
import { startShop } from './shopProcess';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP = 500;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const PORT = 4391;
const database = `shop_bench_${Date.now()}`;

const admin = new pg.Client({ database: 'postgres' });
await admin.connect();
await admin.query(`create database ${database}`);
await admin.end();

const url = new URL('postgres://localhost');
url.hostname = process.env.PGHOST ?? 'localhost';
url.port = process.env.PGPORT ?? '5432';
url.username = process.env.PGUSER ?? 'postgres';
url.password = process.env.PGPASSWORD ?? '';
url.pathname = `/${database}`;

const shop = await startShop(PORT, { DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '20', WEB_ROOT: './no-web-app', NODE_ENV: 'production', AUTH_SECRET: randomUUID() + randomUUID() });
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const order = () => JSON.stringify(sampleOrder({ email: 'bench@example.ro', lines: [{ productId: '1', quantity: 2 }, { productId: '4', quantity: 1 }] }));

function post(body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: '127.0.0.1', port: PORT, path: '/api/orders', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
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
        const body = order();
        const sent = performance.now();
        const status = await post(body);
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
