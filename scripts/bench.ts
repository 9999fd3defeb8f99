/**
 * `npm run bench`: measurements, never pass/fail tests. Builds the web app, starts the shop on a
 * throwaway embedded database, and reports:
 *   - the JavaScript (gzipped) that / and /shop load in Chromium; budget 90 KB each.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const JS_BUDGET_BYTES = 90 * 1024;
const PORT = 4390;
const origin = `http://127.0.0.1:${PORT}`;

async function waitForHealth(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

async function measureJavaScript(pages: string[]) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const results: { page: string; files: number; gzipBytes: number }[] = [];
  try {
    for (const pagePath of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Map<string, Buffer>();
      page.on('response', async (response) => {
        if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body());
      });
      await page.goto(origin + pagePath, { waitUntil: 'networkidle' });
      const gzipBytes = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
      results.push({ page: pagePath, files: scripts.size, gzipBytes });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let overBudget = false;
try {
  await waitForHealth(`${origin}/api/health`);
  console.log('\nJavaScript loaded per page (gzip -9), budget 90 KB:');
  for (const result of await measureJavaScript(['/', '/shop'])) {
    const kb = (result.gzipBytes / 1024).toFixed(1);
    const verdict = result.gzipBytes <= JS_BUDGET_BYTES ? 'within budget' : 'OVER BUDGET';
    if (result.gzipBytes > JS_BUDGET_BYTES) overBudget = true;
    console.log(`  ${result.page.padEnd(8)} ${kb.padStart(6)} KB in ${result.files} files  ${verdict}`);
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(overBudget ? 1 : 0);
