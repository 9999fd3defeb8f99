/**
 * The back office on a real PostgreSQL holding 100,000 orders (issue 11). Run by `npm run bench`
 * inside `pg_virtualenv -v 15`. Reports, side by side in one run:
 *   - p95 of the first orders page and of searches through the API, against the same page read by
 *     a plain SQL query on the same database (the floor the API adds its work to);
 *   - p95 delay from an order's 201 to its event on an open Server-Sent Events stream while orders
 *     are placed at 200/s.
 * The shop is pinned to core 0, this load generator to core 1 (PostgreSQL floats).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { sampleOrder } from '../testing/sampleOrder';
import { createBenchDatabase } from './benchDatabase';
import { startShop } from './shopProcess';

const ORDERS = Number(process.env.BENCH_BACK_OFFICE_ORDERS ?? 100_000);
const SAMPLES = 200;
const RATE = 200;
const STREAM_SECONDS = 10;
const PORT = 4392;
const ORIGIN = `http://127.0.0.1:${PORT}`;

spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

const databaseUrl = await createBenchDatabase('shop_bench_admin');

const shop = await startShop(
  PORT,
  { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '20', WEB_ROOT: './no-web-app', NODE_ENV: 'production', AUTH_SECRET: randomUUID() + randomUUID(), PUBLIC_URL: ORIGIN, TRUST_PROXY: 'true' },
  30_000,
  { cpus: '0' },
);
const sql = new pg.Client({ connectionString: databaseUrl });
await sql.connect();
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(method: string, path: string, options: { body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.body) });
    const sent = http.request({ agent, host: '127.0.0.1', port: PORT, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: response.headers }));
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

async function timed(samples: number, work: (i: number) => Promise<unknown>): Promise<number> {
  const durations: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await work(i);
    durations.push(performance.now() - started);
  }
  return p95(durations);
}

try {
  // 100,000 orders over the past year, one line and one event each, by SQL (placing them through the API would take minutes).
  console.log(`\nBack office on PostgreSQL 15 with ${ORDERS.toLocaleString('en')} orders:`);
  await sql.query(
    `
    insert into orders (status, payment_method, first_name, last_name, email, country, city, street, street_number, postal_code, phone_number,
                        subtotal, shipping, total_amount, idempotency_key, request_hash, created_at, shipping_vat_rate, shipping_vat)
    select (array['pending','confirmed','shipped','delivered','cancelled','paid'])[1 + n % 6], case when n % 5 = 0 then 'card' else 'cod' end,
           'Ana' || n, (array['Popescu','Ionescu','Dumitrescu','Stan','Georgescu','Munteanu'])[1 + n % 6] || n, 'customer' || n || '@example.ro',
           'Romania', (array['Cluj-Napoca','București','Iași','Timișoara'])[1 + n % 4], 'Strada Memorandumului', '28', '400114',
           '07' || lpad(n::text, 8, '0'), 7998, 1999, 9997, 'bench-' || n, 'x', now() - (n || ' minutes')::interval * 5, 2100, 347
    from generate_series(1, $1::int) as n`,
    [ORDERS],
  );
  await sql.query(`insert into order_lines (order_id, product_id, name, unit_price, quantity, vat_rate, vat_amount) select id, '1', 'Dummy Lighter', 3999, 2, 2100, 1388 from orders`);
  await sql.query(`insert into order_events (order_id, actor, from_status, to_status, at) select id, 'customer', null, status, created_at from orders`);
  await sql.query('analyze');

  const email = 'bench-owner@example.ro';
  const signUp = await request('POST', '/api/auth/sign-up/email', { body: JSON.stringify({ email, password: 'bench-owner-password', name: 'owner' }), headers: { origin: ORIGIN } });
  if (signUp.status !== 200) throw new Error(`owner sign-up failed: ${signUp.status} ${signUp.body}`);
  await sql.query(`update "user" set role = 'owner' where email = $1`, [email]);
  const cookie = ([] as string[])
    .concat(signUp.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .join('; ');
  const owner = { cookie };

  const page = async (query: string) => {
    const answer = await request('GET', `/api/admin/orders${query}`, { headers: owner });
    if (answer.status !== 200) throw new Error(`GET /api/admin/orders${query}: ${answer.status} ${answer.body.slice(0, 200)}`);
  };
  const firstPageSql = 'select * from orders order by created_at desc, id desc limit 50';
  const firstPage = await timed(SAMPLES, () => page(''));
  const firstPageFloor = await timed(SAMPLES, () => sql.query(firstPageSql));
  const searches = ['?q=popescu', '?q=customer4242', '?q=0700012345', '?q=60000', '?status=confirmed'];
  const search = await timed(SAMPLES, (i) => page(searches[i % searches.length]!));
  const searchFloor = await timed(SAMPLES, () => sql.query("select * from orders where lower(last_name) like 'popescu%' order by created_at desc, id desc limit 50"));
  console.log(`  first orders page   p95 ${firstPage.toFixed(1)} ms (plain SQL of the page: ${firstPageFloor.toFixed(1)} ms)`);
  console.log(`  searches and filter p95 ${search.toFixed(1)} ms (plain SQL of a name search: ${searchFloor.toFixed(1)} ms)`);

  // Live stream: orders at RATE/s, each order's 201 compared with its event's arrival.
  const answeredAt = new Map<string, number>();
  const seenAt = new Map<string, number>();
  let buffer = '';
  const stream = http.get({ host: '127.0.0.1', port: PORT, path: '/api/admin/events', headers: { ...owner, accept: 'text/event-stream' } });
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`GET /api/admin/events: ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        const now = performance.now();
        for (const match of buffer.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)) if (!seenAt.has(match[0])) seenAt.set(match[0], now);
        buffer = buffer.slice(-200);
      });
      resolve();
    });
  });
  const placing: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < RATE * STREAM_SECONDS; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const n = i + 1;
    const body = JSON.stringify(sampleOrder({ email: `live-${n}@example.ro`, phoneNumber: `07${String(n).padStart(8, '9')}` }));
    placing.push(
      request('POST', '/api/orders', { body, headers: { 'x-forwarded-for': `10.1.${n >> 8}.${n & 255}` } }).then((answer) => {
        if (answer.status === 201) answeredAt.set(JSON.parse(answer.body).id, performance.now());
      }),
    );
  }
  await Promise.all(placing);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  stream.destroy();
  const delays = [...answeredAt].map(([id, at]) => Math.max(0, (seenAt.get(id) ?? Number.POSITIVE_INFINITY) - at));
  const missing = delays.filter((delay) => delay === Number.POSITIVE_INFINITY).length;
  const placedPerSecond = answeredAt.size / ((performance.now() - started - 2000) / 1000);
  console.log(`  live stream         p95 ${p95(delays).toFixed(1)} ms from an order's 201 to its event (${answeredAt.size} orders at ~${placedPerSecond.toFixed(0)}/s, ${missing} never seen)`);
  process.exitCode = missing > 0 ? 1 : 0;
} finally {
  agent.destroy();
  await sql.end();
  await shop.stop();
}
