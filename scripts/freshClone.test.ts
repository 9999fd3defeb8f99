/**
 * The README's first command and the owner's commands on a fresh clone, as a new owner runs them: the project's
 * files as git would check them out (no build, no data, no compiled messages), `npm ci` (which builds, as
 * `prepare`), then `npm run admin -- create`, `npm start`, `npm run backup` and `npm run restore`; and `npm start`
 * with the build removed.
 *
 * `npm ci` runs as --dry-run --ignore-scripts: it still refuses a lockfile out of step with package.json and warns of
 * a package this Node cannot run (EBADENGINE); the packages then come as hard links to this checkout's node_modules,
 * which `npm ci` put there from the same lockfile, and the build runs as `npm ci` would run it (`npm run prepare`). Unpacking 729
 * packages again took 45 s of CPU, a sixth of the Vitest run's; CI's own `npm ci` on its clean clone does it for real.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, stopProcessGroup } from './shopProcess';

const clone = mkdtempSync(path.join(tmpdir(), 'shop-fresh-clone-'));
let started: ChildProcess | undefined;

function npm(args: string[], input?: string) {
  const result = spawnSync('npm', args, { cwd: clone, input, encoding: 'utf8', timeout: 180_000, env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', PORT: '' } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** `npm start` in its own process group (npm, its shell, the shop), stopped together as a service manager does. */
async function npmStart(port: number): Promise<{ healthy: boolean; output: () => string; exitCode: Promise<number | null> }> {
  started = spawn('npm', ['start', '--silent'], { cwd: clone, detached: true, env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' } });
  let output = '';
  started.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  started.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const child = started;
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for (let attempt = 0; attempt < 300 && child.exitCode === null; attempt++) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { healthy, output: () => output, exitCode };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { healthy: false, output: () => output, exitCode };
}

async function stopStarted() {
  if (started?.pid) await stopProcessGroup(started.pid);
}

beforeAll(() => {
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { encoding: 'buffer' }).stdout;
  const copied = spawnSync('tar', ['--null', '-T', '-', '-cf', '-'], { input: files, maxBuffer: 1 << 30 });
  spawnSync('tar', ['-xf', '-', '-C', clone], { input: copied.stdout });
}, 60_000);

afterAll(async () => {
  await stopStarted();
  rmSync(clone, { recursive: true, force: true });
});

describe('a fresh clone', () => {
  it('installs without engine warnings and builds, then the owner and backup commands and npm start work', async () => {
    expect(existsSync(path.join(clone, 'dist-server'))).toBe(false);
    const install = npm(['ci', '--dry-run', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund']);
    expect(install.status, install.output).toBe(0);
    expect(install.output).not.toContain('EBADENGINE');
    expect(spawnSync('cp', ['-al', path.resolve('node_modules'), path.join(clone, 'node_modules')]).status).toBe(0);
    const build = npm(['run', 'prepare']);
    expect(build.status, build.output).toBe(0);
    expect(existsSync(path.join(clone, 'dist-server/stamp'))).toBe(true);

    const admin = npm(['run', '--silent', 'admin', '--', 'create', 'owner@example.ro', '--password-stdin'], 'a-long-owner-password\n');
    expect(admin.output).toContain('Created the owner account owner@example.ro');
    expect(admin.status).toBe(0);

    const backup = npm(['run', '--silent', 'backup']);
    expect(backup.status, backup.output).toBe(0);
    const [backupFile] = readdirSync(path.join(clone, 'data/backups'));
    expect(backupFile).toMatch(/\.tar\.gz$/);

    const shop = await npmStart(await freePort());
    expect(shop.healthy, shop.output()).toBe(true);
    await stopStarted();

    const restore = npm(['run', '--silent', 'restore', '--', path.join('data/backups', backupFile!)]);
    expect(restore.output).toContain('Restored');
    expect(restore.status).toBe(0);
  }, 300_000);

  it('refuses to start without a build, saying what to run', async () => {
    rmSync(path.join(clone, 'dist-server'), { recursive: true, force: true });
    const shop = await npmStart(await freePort());
    expect(shop.healthy).toBe(false);
    expect(await shop.exitCode).not.toBe(0);
    expect(shop.output()).toContain('There is no build of the shop');
    expect(shop.output()).toContain('npm run build');
  }, 60_000);
});
