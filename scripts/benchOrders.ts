/**
 * Orders per second and latency of POST /api/orders on a real PostgreSQL, side by side with the
 * shop as it was before it sent mail (BASELINE), and how fast the outbox then drains to a local SMTP
 * server. Run by `npm run bench` inside `pg_virtualenv -v 15`, which provides a throwaway cluster
 * through the PG* variables. The shops run pinned to core 0 and this load generator to core 1
 * (PostgreSQL floats), one shop at a time, in turns: baseline, current, baseline, current.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { createBenchDatabase } from './benchDatabase';
import { placeOrders } from './orderLoad';
import { freePort, type ShopProcess, startShop } from './shopProcess';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP = 500;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000);
const ROUNDS = 2;
/** The code just before the outbox (issue 12): the shop without mail that the outbox must stay within 10% of. */
const BASELINE = process.env.BENCH_BASELINE ?? 'ce2f0b5';

// A local SMTP server that takes every mail and counts it (no parsing: it must not compete with the shop).
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

// The baseline runs from its own checkout of the repository, with its own dependencies: this one's when they
// are the same, else its lockfile's, installed from npm's cache where it can (the shop has changed packages since).
const baselineDir = mkdtempSync(path.join(tmpdir(), 'shop-baseline-'));
execFileSync('git', ['worktree', 'add', '--detach', baselineDir, BASELINE], { stdio: 'ignore' });
const sharesDependencies = readFileSync(path.join(baselineDir, 'package-lock.json'), 'utf8') === readFileSync('package-lock.json', 'utf8');
if (sharesDependencies) {
  symlinkSync(path.resolve('node_modules'), path.join(baselineDir, 'node_modules'));
} else {
  execFileSync('npm', ['ci', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: baselineDir, stdio: 'inherit' });
}

const common = { DATABASE_POOL_SIZE: '20', WEB_ROOT: './no-web-app', NODE_ENV: 'production', TRUST_PROXY: 'true', AUTH_SECRET: randomUUID() + randomUUID() };
const currentUrl = await createBenchDatabase('shop_bench');
const shops: { name: string; shop: ShopProcess; mails: boolean }[] = [];

// TRUST_PROXY: each order comes from its own visitor's address (X-Forwarded-For), as real traffic does.
async function start(name: string, port: number, env: NodeJS.ProcessEnv, cwd?: string) {
  const shop = await startShop(port, { ...common, ...env }, 30_000, { cpus: '0', cwd });
  shops.push({ name, shop, mails: env.SMTP_URL !== undefined });
  return shop;
}

// The shop on core 0, this load generator on core 1 (PostgreSQL floats).
spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

async function run(shop: ShopProcess, total: number) {
  return placeOrders(shop.origin, total, CONCURRENCY);
}

/** Waits until the current shop's outbox is empty; returns the mails sent meanwhile and how fast. */
async function drain(database: pg.Client) {
  const pending = async () => Number((await database.query("select count(*) from outbox where status = 'pending'")).rows[0].count);
  const from = await pending();
  const started = performance.now();
  const deadline = Date.now() + 15 * 60_000;
  while ((await pending()) > 0) {
    if (Date.now() > deadline) throw new Error('the outbox did not drain within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  return { mails: from, seconds, perSecond: from / seconds };
}

const database = new pg.Client({ connectionString: currentUrl });
try {
  const baseline = await start(`before the outbox (${BASELINE})`, await freePort(), { DATABASE_URL: await createBenchDatabase('shop_bench_baseline') }, baselineDir);
  const current = await start('with the outbox', await freePort(), {
    DATABASE_URL: currentUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Secret Stash <shop@example.ro>',
    OWNER_EMAIL: 'owner@example.ro',
  });
  await database.connect();
  await run(baseline, WARMUP);
  await run(current, WARMUP);
  await drain(database);

  console.log(`\nPOST /api/orders on PostgreSQL 15, ${ORDERS} orders a run, ${CONCURRENCY} concurrent clients, in turns:`);
  const perSecond = new Map<string, number[]>(shops.map(({ name }) => [name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { name, shop, mails } of shops) {
      const result = await run(shop, ORDERS);
      perSecond.get(name)!.push(result.perSecond);
      console.log(`  ${name.padEnd(32)} ${result.perSecond.toFixed(0).padStart(5)} orders/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.failures} failed`);
      if (result.failures > 0) process.exitCode = 1;
      if (mails) {
        const drained = await drain(database);
        console.log(`  ${''.padEnd(32)} then ${drained.mails} mails still to send left in ${drained.seconds.toFixed(1)} s: ${drained.perSecond.toFixed(0)} mails/s to a local SMTP server`);
      }
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [before, after] = shops.map(({ name }) => mean(perSecond.get(name)!));
  console.log(`  with the outbox / before it: ${(after! / before!).toFixed(2)}× (means of ${ROUNDS} runs each); ${received} mails received`);
} finally {
  await database.end().catch(() => undefined);
  for (const { shop } of shops) await shop.stop();
  smtp.close();
  // The link to this checkout's node_modules goes first: `git worktree remove --force` empties what a link
  // points to (it emptied this checkout's node_modules once). The baseline's own installed packages go whole.
  rmSync(path.join(baselineDir, 'node_modules'), { force: true, recursive: !sharesDependencies });
  execFileSync('git', ['worktree', 'remove', '--force', baselineDir], { stdio: 'ignore' });
  rmSync(baselineDir, { recursive: true, force: true });
}
