/**
 * `npm run bench`: measurements, never pass/fail tests. Builds the web app, starts the shop on a
 * throwaway embedded database, and reports:
 *   - the JavaScript (gzipped) that / and /shop load in Chromium; budget 90 KB each;
 *   - orders per second and p99 latency of POST /api/orders on a real PostgreSQL, beside the shop before
 *     it sent mail, and the outbox's drain rate to a local SMTP server (scripts/benchOrders.ts);
 *   - the back office with 100,000 orders: list and search p95, live stream delay (scripts/benchBackOffice.ts).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measureJavaScript } from './pageJavaScript';
import { startShop } from './shopProcess';

const JS_BUDGET_BYTES = 90 * 1024;
const PORT = 4390;

const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_LOG_LEVEL: 'warn' } });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
const shop = await startShop(PORT, { DATA_DIR: dataDir, NODE_ENV: 'production', AUTH_SECRET: randomBytes(32).toString('hex') });

let failed = false;
try {
  console.log('\nJavaScript loaded per page (gzip -9), budget 90 KB:');
  for (const result of await measureJavaScript(shop.origin, ['/', '/shop'])) {
    const kb = (result.gzipBytes / 1024).toFixed(1);
    const withinBudget = result.gzipBytes <= JS_BUDGET_BYTES;
    if (!withinBudget) failed = true;
    console.log(`  ${result.page.padEnd(8)} ${kb.padStart(6)} KB in ${result.files} files  ${withinBudget ? 'within budget' : 'OVER BUDGET'}`);
  }
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const orders = spawnSync('pg_virtualenv', ['-v', '15', process.execPath, '--import', 'tsx', 'scripts/benchOrders.ts'], { stdio: 'inherit' });
if (orders.status !== 0) failed = true;
const backOffice = spawnSync('pg_virtualenv', ['-v', '15', process.execPath, '--import', 'tsx', 'scripts/benchBackOffice.ts'], { stdio: 'inherit' });
if (backOffice.status !== 0) failed = true;
process.exit(failed ? 1 : 0);
