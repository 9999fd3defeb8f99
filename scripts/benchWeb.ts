/**
 * `npm run bench:web`: measurements, never pass/fail tests. Each is taken side by side in one run,
 * the server pinned to core 0 and the load generator (autocannon in its own process) to core 1:
 *   a. GET /api/products: the shop beside a bare node:http server sending the same bytes and headers
 *      (both asked with Accept-Encoding: br, gzip, as browsers ask, and then with identity), on PGlite and on PostgreSQL 15;
 *   b. /shop as the shop answers it, beside the same shop sending a static file of /shop's size;
 *   c. POST /api/orders on PostgreSQL 15 beside the same transaction as a plain SQL loop (orderSqlLoop.ts), and behind
 *      a bare node:http server driven by the same load generator, in turns (ORDER_ROUNDS; benchOrders.ts), with the
 *      shop's order limits on and then off (BENCH_ORDER_LIMITS=on or off for one);
 *   d. Lighthouse (mobile, simulated throttling; the median of LIGHTHOUSE_RUNS runs, 5) and the JavaScript
 *      loaded, on /, /shop and a product page, beside a blank page (this machine's floor), first, on a quiet machine.
 * Builds the web app first. The PostgreSQL part runs in a child inside `pg_virtualenv -v 15`.
 * BENCH_SECONDS (autocannon, per side), BENCH_CONNECTIONS, BENCH_ORDERS, BENCH_CONCURRENCY and ORDER_ROUNDS change the runs;
 * BENCH_NODE_ARGS adds flags to the PostgreSQL shop's node (to try one side by side);
 * BENCH_ONLY=a,c (say) takes only those measures. BENCH_PROFILE=<folder> writes the PostgreSQL shop's CPU profile there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { createBenchDatabase } from './benchDatabase';
import { LIMITS_OFF, measureOrders, POOL_SIZE, type Row, ratio } from './benchOrders';
import { measureJavaScript } from './pageJavaScript';
import { freePort, type ShopProcess, startShop } from './shopProcess';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PAGES = ['/', '/shop', '/shop/dummy-lighter'];
/** Lighthouse runs per page (LIGHTHOUSE_RUNS); the median one is reported. */
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const BROWSER_ENCODINGS = 'br, gzip';
const onPostgres = process.argv[2] === 'postgres';
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (part: 'a' | 'b' | 'c' | 'd') => !only || only.includes(part);
/** c with the shop's order limits on, as it ships, and off (BENCH_ORDER_LIMITS=on or off takes one). */
const ORDER_LIMITS = (process.env.BENCH_ORDER_LIMITS ?? 'on,off').split(',');

const rows: Row[] = [];

const WARM_UP_SECONDS = 2;

/**
 * autocannon in its own process on core 1; requests per second and latencies of one run, taken after a
 * short run that is not counted (the server's JIT warms up: a cold Fastify would be measured against a
 * bare server that has nothing to warm).
 */
function autocannon(url: string, headers: Record<string, string> = {}) {
  run(url, headers, WARM_UP_SECONDS);
  return run(url, headers, SECONDS);
}

function run(url: string, headers: Record<string, string>, seconds: number) {
  const args = ['-c', '1', process.execPath, 'node_modules/autocannon/autocannon.js', '-j', '-n', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const run = spawnSync('taskset', [...args, url], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** One GET's raw answer (no decoding): status, headers and the bytes as sent. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** a. The shop's GET /api/products beside a bare node:http server on core 0 sending the same bytes and headers. */
async function measureProducts(shop: ShopProcess, database: string) {
  // As browsers ask (brotli), and plain (what a client that takes no compression gets).
  await measureProductsAs(shop, database, BROWSER_ENCODINGS);
  await measureProductsAs(shop, database, 'identity');
}

async function measureProductsAs(shop: ShopProcess, database: string, acceptEncoding: string) {
  const requestHeaders = { 'accept-encoding': acceptEncoding };
  const answer = await get(`${shop.origin}/api/products`, requestHeaders);
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-bare-'));
  const bodyFile = path.join(folder, 'body');
  writeFileSync(bodyFile, answer.body);
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'content-length': _length, ...headers } = answer.headers;
  const port = await freePort();
  const bare = spawn('taskset', ['-c', '0', process.execPath, '--import', 'tsx', 'scripts/bareServer.ts'], {
    env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile, HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      bare.stdout.once('data', () => resolve());
      bare.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    });
    const shopRun = autocannon(`${shop.origin}/api/products`, requestHeaders);
    const bareRun = autocannon(`http://127.0.0.1:${port}/`, requestHeaders);
    rows.push({
      measure: `GET /api/products on ${database} (${answer.body.length} B, ${answer.headers['content-encoding'] ?? 'identity'}), ${CONNECTIONS} connections`,
      target: '≥ 0.8× bare node:http',
      result: `${shopRun.perSecond.toFixed(0)}/s vs ${bareRun.perSecond.toFixed(0)}/s bare: ${ratio(shopRun.perSecond, bareRun.perSecond)} (shop p99 ${shopRun.p99} ms)`,
    });
  } finally {
    if (bare.exitCode === null && bare.signalCode === null) {
      const exited = new Promise((resolve) => bare.once('close', resolve));
      bare.kill();
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  }
}

/** b. /shop as the shop answers it, beside a static file of the same bytes in the web root (asked without Accept-Encoding). */
async function measureShopPage(shop: ShopProcess, webRoot: string) {
  const page = await get(`${shop.origin}/shop`);
  const name = `bench-${randomBytes(6).toString('hex')}.html`;
  const file = path.join(webRoot, name);
  writeFileSync(file, page.body);
  try {
    const pageRun = autocannon(`${shop.origin}/shop`);
    const fileRun = autocannon(`${shop.origin}/${name}`);
    rows.push({
      measure: `/shop (${page.body.length} B HTML, identity), ${CONNECTIONS} connections`,
      target: '≥ 0.3× a static file of its size',
      result: `${pageRun.perSecond.toFixed(0)}/s vs ${fileRun.perSecond.toFixed(0)}/s static: ${ratio(pageRun.perSecond, fileRun.perSecond)} (p99 ${pageRun.p99} ms)`,
    });
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * The floor of Lighthouse's figures on this machine: a page with nothing in it (no style, no script, one
 * heading), served by the same shop as a static file, audited in the same browser beside the shop's pages.
 */
const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Blank</title><meta name="description" content="A page with nothing in it, for reference."></head><body><h1>Blank</h1><p>A page with nothing in it.</p></body></html>';

/**
 * d. Lighthouse's mobile audit (simulated throttling) of each page, in Debian's Chromium, headless, and of
 * a blank page beside them (BLANK_PAGE).
 */
async function measureLighthouse(shop: ShopProcess, webRoot: string) {
  const blank = `/lighthouse-blank-${randomBytes(6).toString('hex')}.html`;
  writeFileSync(path.join(webRoot, blank), BLANK_PAGE);
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    // Lighthouse's own advice for its simulated throttling: several runs, the median one (by FCP and TTI).
    // The pages take turns, so a slower minute of this VM falls on all of them alike, the blank one included.
    const pages = [...PAGES, blank];
    const runs = new Map<string, Result[]>(pages.map((page) => [page, []]));
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      for (const page of pages) {
        const result = await lighthouse(`${shop.origin}${page}`, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        runs.get(page)!.push(result.lhr);
      }
    }
    for (const page of pages) {
      const { categories, audits } = computeMedianRun(runs.get(page)!);
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
      rows.push({
        measure: `Lighthouse ${page === blank ? 'a blank page (reference)' : page} (mobile): performance, accessibility, best practices, SEO`,
        target: '',
        result: `${score('performance')}, ${score('accessibility')}, ${score('best-practices')}, ${score('seo')}; LCP ${audits['largest-contentful-paint']?.displayValue}, CLS ${audits['cumulative-layout-shift']?.displayValue}, TBT ${audits['total-blocking-time']?.displayValue}`,
      });
    }
  } finally {
    chrome.kill();
    rmSync(path.join(webRoot, blank), { force: true });
  }
  for (const { page, files, gzipBytes } of await measureJavaScript(shop.origin, PAGES)) {
    rows.push({ measure: `JavaScript loaded by ${page} (gzip -9)`, target: '90 KB', result: `${(gzipBytes / 1024).toFixed(1)} KB in ${files} files` });
  }
}

function printRows(title: string) {
  console.log(`\n${title}\n| Measure | Target | Result |\n|---|---|---|`);
  for (const row of rows) console.log(`| ${row.measure} | ${row.target} | ${row.result} |`);
}

const webRoot = path.resolve('dist');
const common = { NODE_ENV: 'production', TRUST_PROXY: 'true', AUTH_SECRET: randomUUID() + randomUUID(), WEB_ROOT: webRoot, DATABASE_POOL_SIZE: POOL_SIZE, OWNER_EMAIL: 'owner@example.ro' };

if (onPostgres) {
  // Inside pg_virtualenv: the shop on a new database of the throwaway cluster (PostgreSQL floats).
  spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  /** A shop on a new database of the cluster, on core 0, for `measure`. */
  const postgresShop = async (env: Record<string, string>, measure: (shop: ShopProcess) => Promise<void>) => {
    // Its data folder holds only the mails it writes (the file mailer): as in production, it sends them.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-web-'));
    try {
      // As a shop on PostgreSQL runs (docs/operations.md, "Email"): its mails are written by the order and sent by `npm run worker`,
      // elsewhere; the serving process renders none (decision 0030).
      const shop = await startShop(await freePort(), { ...common, DATA_DIR: dataDir, DATABASE_URL: await createBenchDatabase('shop_bench_web'), MAIL_WORKER: 'true', ...env }, 30_000, {
        cpus: '0',
        nodeArgs: [...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []), ...(process.env.BENCH_NODE_ARGS?.split(' ') ?? [])],
      });
      try {
        await measure(shop);
      } finally {
        await shop.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  await postgresShop({}, async (shop) => {
    if (wanted('a')) await measureProducts(shop, 'PostgreSQL 15');
    if (wanted('c') && ORDER_LIMITS.includes('on')) await measureOrders(shop, rows, 'on');
  });
  if (wanted('c') && ORDER_LIMITS.includes('off')) await postgresShop(LIMITS_OFF, (shop) => measureOrders(shop, rows, 'off'));
  printRows('On PostgreSQL 15 (shop on core 0, load on core 1):');
} else {
  // The shop runs from its build, as `npm start` runs it.
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_LOG_LEVEL: 'warn' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
  spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-web-'));
  try {
    const shop = await startShop(await freePort(), { ...common, DATA_DIR: dataDir }, 30_000, { cpus: '0' });
    try {
      // Lighthouse first, on a quiet machine: right after the load tests its timings carry their leftovers.
      if (wanted('d')) await measureLighthouse(shop, webRoot);
      if (wanted('a')) await measureProducts(shop, 'PGlite');
      if (wanted('b')) await measureShopPage(shop, webRoot);
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  printRows('On PGlite (shop on core 0, load on core 1):');
  const postgres = spawnSync('pg_virtualenv', ['-v', '15', process.execPath, '--import', 'tsx', 'scripts/benchWeb.ts', 'postgres'], { stdio: 'inherit' });
  process.exit(postgres.status ?? 1);
}
