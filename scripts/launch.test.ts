/**
 * The launcher behind `npm start` and the owner's commands (scripts/launch.mjs), run in a copy of the project's
 * layout: it refuses a missing or stale build with what to run, and runs a current one with its arguments.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceStamp } from './sourceStamp.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'shop-launch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

const SOURCES = ['package-lock.json', 'vite.config.ts', 'lingui.config.ts', 'tsconfig.json'];
const SCRIPTS = ['build', 'admin', 'backup', 'restore', 'setStripePrice', 'entryPreloads', 'precompress', 'pureReactRouter'];
for (const file of SOURCES) write(file, `${file}\n`);
for (const name of SCRIPTS) write(`scripts/${name}.ts`, `// ${name}\n`);
for (const folder of ['web', 'server', 'db', 'domain', 'locales']) write(`${folder}/a.ts`, `export const a = '${folder}';\n`);
for (const file of ['launch.mjs', 'sourceStamp.mjs']) copyFileSync(path.join(import.meta.dirname, file), path.join(root, 'scripts', file));

function launch(...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/launch.mjs'), ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the launcher (npm start, npm run admin, backup, restore)', () => {
  it('refuses when there is no build, saying to run npm run build', () => {
    const result = launch('main');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('There is no build of the shop in dist-server/: run `npm run build`');
  });

  it('runs a current build with the arguments after its name, as if started itself', () => {
    write('dist-server/admin.js', 'console.log(JSON.stringify(process.argv.slice(1)));\n');
    write('dist-server/stamp', `${sourceStamp(root)}\n`);
    const result = launch('admin', 'create', 'owner@example.ro');
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([path.join(root, 'dist-server/admin.js'), 'create', 'owner@example.ro']);
  });

  it('refuses a build older than the sources, but not one older than a test', () => {
    write('server/a.test.ts', 'a test changed\n');
    expect(launch('admin').status).toBe(0);
    write('server/a.ts', "export const a = 'changed';\n");
    const result = launch('admin');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The build is older than the sources: run `npm run build`');
  });

  it('refuses a bundle the build does not make', () => {
    write('dist-server/stamp', `${sourceStamp(root)}\n`);
    expect(launch('nothing').stderr).toContain('There is no build');
  });
});
