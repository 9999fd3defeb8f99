/**
 * `npm test`: every check and test, in order: lint with the import-boundary rules (Biome, biome.json),
 * the type check (tsc --noEmit), unit and API tests on PGlite, the API tests again on a real
 * PostgreSQL 15 (a throwaway cluster from pg_virtualenv), then the end-to-end tests in Chromium
 * against the built shop. Ends with one plain line: "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve('.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
}
const total: Tally = { passed: 0, failed: 0 };
const problems: string[] = [];

/** How long each stage took, in seconds, printed at the end (docs/testing.md keeps a clean clone's). */
const timings: [string, number][] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([label, Math.round((performance.now() - started) / 1000)]);
  return result.status ?? 1;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** A stage that crashed before reporting counts as one failure, so it can never pass silently. */
function count(label: string, exitCode: number, tally: Tally | null) {
  if (!tally) {
    total.failed += 1;
    problems.push(`${label}: no results (exit code ${exitCode})`);
    return;
  }
  total.passed += tally.passed;
  total.failed += tally.failed;
  if (tally.failed > 0) problems.push(`${label}: ${tally.failed} failed`);
  else if (exitCode !== 0) {
    total.failed += 1;
    problems.push(`${label}: exited with ${exitCode} although no test failed`);
  }
}

function vitest(label: string, file: string, filters: string[], env: NodeJS.ProcessEnv, wrap: string[] = []) {
  const output = path.join(resultsDir, file);
  const args = [...wrap, 'npx', 'vitest', 'run', ...filters, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`];
  const exitCode = run(label, args[0]!, args.slice(1), env);
  const json = readJson<{ numPassedTests: number; numFailedTests: number }>(output);
  count(label, exitCode, json && { passed: json.numPassedTests, failed: json.numFailedTests });
}

/** A check that is not a test runner counts as one test: passed when it exits 0. */
function check(label: string, command: string, args: string[]) {
  const exitCode = run(label, command, args);
  count(label, exitCode, { passed: exitCode === 0 ? 1 : 0, failed: exitCode === 0 ? 0 : 1 });
}

// 0. Lint (including import boundaries and a11y and hooks rules) and the type check.
check('lint and import boundaries (Biome)', 'npm', ['run', '--silent', 'lint']);
check('type check (tsc --noEmit)', 'npm', ['run', '--silent', 'typecheck']);

// 1. The web app the end-to-end tests load, and its server renderer (npm run build: vite build, vite build --ssr).
const buildExit = run('build', 'npm', ['run', '--silent', 'build'], { BUILD_LOG_LEVEL: 'warn' });
if (buildExit !== 0) count('build', buildExit, null);

// 2. Unit tests and API tests on the embedded database.
vitest('unit + API (PGlite)', 'vitest-pglite.json', [], { TEST_DATABASE: 'pglite' });

// 3. API tests on a real PostgreSQL 15.
if (existsSync('/usr/bin/pg_virtualenv')) {
  vitest('API (PostgreSQL 15)', 'vitest-postgres.json', ['.api.test'], { TEST_DATABASE: 'postgres' }, ['pg_virtualenv', '-v', '15']);
} else {
  count('API (PostgreSQL 15)', 1, null);
  problems.push('pg_virtualenv is missing: apt-get install -y postgresql-15 postgresql-common');
}

// 4. End-to-end in Chromium.
if (buildExit === 0) {
  const output = path.join(resultsDir, 'e2e.json');
  const exitCode = run('end-to-end (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  const json = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(output);
  count('end-to-end (Chromium)', exitCode, json && { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected });
}

console.log('');
for (const [label, seconds] of timings) console.log(`${String(seconds).padStart(5)} s  ${label}`);
console.log(`${String(timings.reduce((sum, [, seconds]) => sum + seconds, 0)).padStart(5)} s  in all`);
console.log('');
for (const problem of problems) console.log(`FAILED ${problem}`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
