/**
 * `npm run bench:start`: how fast the shop starts and how much memory it holds, as the owner runs it
 * (`npm start` on the build). Measurements, never pass/fail tests; the figures go in docs/benchmarks.md.
 *   - a new data folder: time to a healthy /api/health, and the peak memory of the shop with the process that
 *     creates the cluster (the sum of their resident sets, sampled every 10 ms);
 *   - an existing data folder: from `npm start` (and from `node` on the launcher) to a healthy /api/health,
 *     the median of 5 starts;
 *   - resident memory once idle after the first 1,000 requests (pages, the catalogue, health), on PGlite, then
 *     on a real PostgreSQL 15 (a throwaway cluster from pg_virtualenv, with the same measures of start).
 *   - on PGlite, orders per second and idle memory with and without --liftoff-only (which `npm start` passes: V8 runs
 *     the embedded database's WebAssembly on its baseline compiler only), side by side, in turns, the shop pinned
 *     to core 0 and the orders placed from core 1.
 * Targets (issue 31): start ≤ 1.5 s, idle ≤ 300 MB on PGlite and ≤ 150 MB on PostgreSQL, a new folder ≤ 600 MB.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './benchDatabase';
import { placeOrders } from './orderLoad';
import { freePort, SHOP_NODE_FLAGS, startShop, stopProcessGroup } from './shopProcess';

const TARGETS = { startMs: 1500, idlePgliteMb: 300, idlePostgresMb: 150, newFolderMb: 600 };
const onPostgres = process.argv[2] === 'postgres';

if (!onPostgres) {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_LOG_LEVEL: 'warn' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Resident memory in MB of a process and every process under it (its children: npm's node, the cluster's creator). */
function treeRssMb(pid: number): number {
  let kb = 0;
  const status = (id: number) => {
    try {
      return readFileSync(`/proc/${id}/status`, 'utf8');
    } catch {
      return '';
    }
  };
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(/PPid:\s+(\d+)/.exec(status(Number(entry)))?.[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const visit = (id: number) => {
    kb += Number(/VmRSS:\s+(\d+)/.exec(status(id))?.[1] ?? 0);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return kb / 1024;
}

interface Started {
  ms: number;
  peakMb: number;
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

async function start(command: string[], env: NodeJS.ProcessEnv): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    // A group of its own: npm, its shell and the shop are stopped together, as a service manager does.
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  let peakMb = 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, treeRssMb(child.pid!));
  }, 10);
  const stop = async () => {
    clearInterval(sampler);
    await stopProcessGroup(child.pid!);
  };
  for (let attempt = 0; attempt < 6000; attempt++) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) {
        const ms = performance.now() - began;
        peakMb = Math.max(peakMb, treeRssMb(child.pid!));
        return {
          ms,
          get peakMb() {
            return peakMb;
          },
          origin,
          pid: child.pid!,
          stop,
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await stop();
  throw new Error('the shop did not start within 30 s');
}

/** The mail worker (`npm run worker`, as node runs it) on the same database, its memory 3 s after it started; then stopped. */
async function startWorker(): Promise<{ idleMb: number }> {
  const child = spawn(process.execPath, ['--max-semi-space-size=2', 'scripts/launch.mjs', 'worker'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idleMb = treeRssMb(child.pid!);
  await stopProcessGroup(child.pid!);
  return { idleMb };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const npmStart = ['npm', 'start', '--silent'];
const nodeStart = [process.execPath, ...SHOP_NODE_FLAGS, 'scripts/launch.mjs', 'main'];

async function firstRequests(origin: string) {
  const { products } = (await (await fetch(`${origin}/api/products`)).json()) as { products: { slug: string }[] };
  const paths = ['/', '/shop', ...products.map((product) => `/shop/${product.slug}`), '/api/products', '/api/health'];
  for (let i = 0; i < 1000; i++) {
    const response = await fetch(`${origin}${paths[i % paths.length]}`, { headers: { 'accept-encoding': i % 2 ? 'br' : 'identity' } });
    await response.arrayBuffer();
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

const env: NodeJS.ProcessEnv = { AUTH_SECRET: randomBytes(32).toString('hex') };
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-start-'));
env.DATA_DIR = dataDir;
// On PostgreSQL as the README runs it: the serving processes leave mails to `npm run worker` (decision 0030).
if (onPostgres) Object.assign(env, { DATABASE_URL: await createBenchDatabase('shop_bench_start'), MAIL_WORKER: 'true' });
const label = onPostgres ? 'PostgreSQL 15' : 'PGlite';
try {
  const first = await start(npmStart, env);
  await first.stop();
  if (!onPostgres) {
    console.log(
      `\nA new data folder (${label}): healthy after ${first.ms.toFixed(0)} ms; peak ${first.peakMb.toFixed(0)} MB for the shop and the cluster's creator together (target ≤ ${TARGETS.newFolderMb} MB)`,
    );
  }
  const fromNpm: number[] = [];
  const fromNode: number[] = [];
  for (let i = 0; i < 5; i++) {
    const byNpm = await start(npmStart, env);
    fromNpm.push(byNpm.ms);
    await byNpm.stop();
    const byNode = await start(nodeStart, env);
    fromNode.push(byNode.ms);
    await byNode.stop();
  }
  console.log(
    `${label}, an existing data folder: npm start to a healthy /api/health in ${median(fromNpm).toFixed(0)} ms (median of 5; target ≤ ${TARGETS.startMs} ms); node on the launcher ${median(fromNode).toFixed(0)} ms`,
  );
  const shop = await start(nodeStart, env);
  await firstRequests(shop.origin);
  const idle = treeRssMb(shop.pid);
  const target = onPostgres ? TARGETS.idlePostgresMb : TARGETS.idlePgliteMb;
  console.log(`${label}: resident ${idle.toFixed(0)} MB once idle after the first 1,000 requests (target ≤ ${target} MB); peak while serving ${shop.peakMb.toFixed(0)} MB`);
  await shop.stop();
  if (onPostgres) {
    const worker = await startWorker();
    console.log(`${label}: the mail worker (npm run worker) resident ${worker.idleMb.toFixed(0)} MB once started`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

/** Orders on PGlite with the shop's flags and with V8's optimizing compiler for WebAssembly too. */
async function liftoffSideBySide() {
  spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const sides = { 'with --liftoff-only (npm start)': [] as string[], 'without it': ['--no-liftoff-only'] };
  const rates = new Map<string, number[]>(Object.keys(sides).map((name) => [name, []]));
  const idle = new Map<string, number[]>(Object.keys(sides).map((name) => [name, []]));
  for (let round = 0; round < 2; round++) {
    for (const [name, nodeArgs] of Object.entries(sides)) {
      const folder = mkdtempSync(path.join(tmpdir(), 'shop-bench-liftoff-'));
      const shop = await startShop(await freePort(), { DATA_DIR: folder, NODE_ENV: 'production', TRUST_PROXY: 'true', AUTH_SECRET: env.AUTH_SECRET, OWNER_EMAIL: 'owner@example.ro' }, 30_000, {
        cpus: '0',
        nodeArgs,
      });
      try {
        await placeOrders(shop.origin, 300, 8);
        rates.get(name)!.push((await placeOrders(shop.origin, 1500, 8)).perSecond);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        idle.get(name)!.push(treeRssMb(shop.child.pid!));
      } finally {
        await shop.stop();
        rmSync(folder, { recursive: true, force: true });
      }
    }
  }
  console.log('PGlite, POST /api/orders (8 clients, 1,500 orders a run, 2 runs each, in turns):');
  for (const name of Object.keys(sides)) {
    const runs = rates
      .get(name)!
      .map((rate) => rate.toFixed(0))
      .join(', ');
    console.log(
      `  ${name.padEnd(32)} ${runs} orders/s; resident afterwards ${idle
        .get(name)!
        .map((mb) => mb.toFixed(0))
        .join(', ')} MB`,
    );
  }
}

if (!onPostgres) {
  await liftoffSideBySide();
  // The same on a real PostgreSQL: the script again, inside a throwaway cluster (it sets PGHOST and the rest).
  const postgres = spawnSync('pg_virtualenv', ['-v', '15', process.execPath, '--import', 'tsx', 'scripts/benchStart.ts', 'postgres'], {
    stdio: 'inherit',
  });
  process.exit(postgres.status ?? 1);
}
