/**
 * `npm run bench:web` c (benchWeb.ts): POST /api/orders on PostgreSQL 15, the shop beside the same transaction as a
 * plain SQL loop (orderSqlLoop.ts) and behind a bare node:http server, driven by the same load generator, in turns.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { openPostgres } from '../db/client';
import { seedCatalog } from '../db/seed';
import { createBenchDatabase } from './benchDatabase';
import { placeOrders } from './orderLoad';
import { freePort, type ShopProcess } from './shopProcess';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Rounds of c (ORDER_ROUNDS): the shop, the bare server and the loop in turns. */
const ORDER_ROUNDS = Number(process.env.ORDER_ROUNDS ?? 5);
export const POOL_SIZE = '20';

/** One line of a benchmark's table. */
export interface Row {
  measure: string;
  target: string;
  result: string;
}
/**
 * The shop's order limits (ORDER_LIMIT_PER_IP, ORDER_LIMIT_PER_CONTACT) on, as it ships: each order counts its visitor's
 * three rate limits, and so do the loop and the bare server; or off (both 0): none of the three counts any.
 */
export type OrderLimits = 'on' | 'off';
export const LIMITS_OFF = { ORDER_LIMIT_PER_IP: '0', ORDER_LIMIT_PER_CONTACT: '0' };

export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/** CPU seconds a process has used (user + system), from /proc: what the shop spends, whatever else the machine runs. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Orders placed over HTTP by the load generator (this process, on core 1), with the CPU it used an order. */
async function placeOrdersMeasured(origin: string) {
  await placeOrders(origin, Math.min(500, ORDERS), CONCURRENCY);
  const before = process.cpuUsage();
  const run = await placeOrders(origin, ORDERS, CONCURRENCY);
  const used = process.cpuUsage(before);
  return { ...run, loadCpuPerOrder: (used.user + used.system) / 1000 / ORDERS };
}

/** The same transaction behind a bare node:http server (orderSqlLoop.ts with PORT), on the shop's core, until stopped. */
async function bareOrderServer(databaseUrl: string, limits: OrderLimits) {
  const port = await freePort();
  const server = spawn('taskset', ['-c', '0', process.execPath, '--import', 'tsx', 'scripts/orderSqlLoop.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: POOL_SIZE, PORT: String(port), ORDER_LIMITS: limits },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout.once('data', () => resolve());
    server.once('exit', (code) => reject(new Error(`the bare order server exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: server.pid!,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('close', resolve));
      server.kill();
      await exited;
    },
  };
}

/** Orders through a server (the shop, the bare one), with the CPU the server used an order. */
async function serverOrders(origin: string, pid: number) {
  const cpuBefore = cpuSeconds(pid);
  const run = await placeOrdersMeasured(origin);
  return { ...run, cpuPerOrder: ((cpuSeconds(pid) - cpuBefore) * 1000) / (ORDERS + Math.min(500, ORDERS)) };
}

function loopOrders(databaseUrl: string, limits: OrderLimits) {
  const loop = spawnSync('taskset', ['-c', '0', process.execPath, '--import', 'tsx', 'scripts/orderSqlLoop.ts'], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: POOL_SIZE, BENCH_ORDERS: String(ORDERS), BENCH_CONCURRENCY: String(CONCURRENCY), ORDER_LIMITS: limits },
  });
  if (loop.status !== 0) throw new Error(`the SQL loop failed: ${loop.stderr}`);
  return JSON.parse(loop.stdout) as { perSecond: number; p50: number; p99: number; cpuPerOrder: number };
}

/**
 * c. POST /api/orders beside the same transaction as a plain SQL loop on the shop's core (the target), and behind a
 * bare node:http server driven by the same load generator (what HTTP and the load generator take on this machine).
 * The three take turns, ORDER_ROUNDS times (5) after a round that warms them up: a slower minute of this VM falls on
 * all of them alike (one round's ratio ranged from 0.61× to 0.96× in one afternoon, and the median of 3 with it). Each ratio is taken within a round; the median round's figures are reported, with every round's.
 */
export async function measureOrders(shop: ShopProcess, rows: Row[], limits: OrderLimits) {
  // Each on a database of its own, seeded alike, that grows by the same orders a round as the shop's.
  const seeded = async (name: string) => {
    const url = await createBenchDatabase(name);
    const database = await openPostgres({ connectionString: url, max: 1 });
    await seedCatalog(database.db);
    await database.close();
    return url;
  };
  const loopUrl = await seeded('shop_bench_sql');
  const bare = await bareOrderServer(await seeded('shop_bench_http'), limits);
  const rounds: { shop: Awaited<ReturnType<typeof serverOrders>>; bare: Awaited<ReturnType<typeof serverOrders>>; loop: ReturnType<typeof loopOrders> }[] = [];
  try {
    // A first round warms every side up and is not counted (a shop runs for days: its JIT has long finished); then
    // the sides take turns in a rotating order, so none is always first after the machine's quiet moment.
    for (let round = 0; round <= ORDER_ROUNDS; round++) {
      const sides = [
        async () => ({ shop: await serverOrders(shop.origin, shop.child.pid!) }),
        async () => ({ bare: await serverOrders(bare.origin, bare.pid) }),
        async () => ({ loop: loopOrders(loopUrl, limits) }),
      ];
      const results = {};
      for (let turn = 0; turn < sides.length; turn++) Object.assign(results, await sides[(round + turn) % sides.length]!());
      if (round > 0) rounds.push(results as (typeof rounds)[number]);
    }
  } finally {
    await bare.stop();
  }
  const byRatio = [...rounds].sort((a, b) => a.shop.perSecond / a.loop.perSecond - b.shop.perSecond / b.loop.perSecond);
  const { shop: shopRun, bare: bareRun, loop: loopRun } = byRatio[Math.floor(byRatio.length / 2)]!;
  const all = (of: (r: (typeof rounds)[number]) => number) => rounds.map((r) => `${of(r).toFixed(2)}×`).join(', ');
  const failures = rounds.reduce((sum, r) => sum + r.shop.failures + r.bare.failures, 0);
  rows.push({
    measure: `POST /api/orders on PostgreSQL 15, order limits ${limits}, ${ORDERS} guest orders, ${CONCURRENCY} clients, pool ${POOL_SIZE}; the median of ${ORDER_ROUNDS} rounds`,
    target: '≥ 0.7× plain SQL; p99 ≤ 2× its own',
    result:
      `${shopRun.perSecond.toFixed(0)}/s vs ${loopRun.perSecond.toFixed(0)}/s plain SQL: ${ratio(shopRun.perSecond, loopRun.perSecond)} (rounds: ${all((r) => r.shop.perSecond / r.loop.perSecond)}); ` +
      `shop p50 ${shopRun.p50.toFixed(1)} ms, p99 ${shopRun.p99.toFixed(1)} ms, ${shopRun.cpuPerOrder.toFixed(2)} ms CPU an order ` +
      `(plain SQL p99 ${loopRun.p99.toFixed(1)} ms, ${loopRun.cpuPerOrder.toFixed(2)} ms CPU an order)${failures > 0 ? `; ${failures} FAILED` : ''}`,
  });
  rows.push({
    measure: `POST /api/orders, order limits ${limits}: the same transaction behind a bare node:http server, the same load generator (same round)`,
    target: '',
    result:
      `${bareRun.perSecond.toFixed(0)}/s: ${ratio(bareRun.perSecond, loopRun.perSecond)} the plain SQL loop (rounds: ${all((r) => r.bare.perSecond / r.loop.perSecond)}); ` +
      `the shop ${ratio(shopRun.perSecond, bareRun.perSecond)} of it (rounds: ${all((r) => r.shop.perSecond / r.bare.perSecond)}); ` +
      `p99 ${bareRun.p99.toFixed(1)} ms, ${bareRun.cpuPerOrder.toFixed(2)} ms CPU an order; the load generator ${bareRun.loadCpuPerOrder.toFixed(2)} ms CPU an order (for the shop: ${shopRun.loadCpuPerOrder.toFixed(2)})`,
  });
}
