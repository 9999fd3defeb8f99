/**
 * `npm install` on a Node older than 24 stops at once, before fetching anything or building, and names the Node it
 * needs and the script that gets it (package.json engines, .npmrc engine-strict): without them it ended minutes later
 * in the build's ERR_UNKNOWN_FILE_EXTENSION stack trace. Run with the machine's own older Node when it has one
 * (Debian's /usr/bin/node and npm; CI's machine has Node 20 there).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const OLD_NODE = '/usr/bin/node';
const oldMajor = existsSync(OLD_NODE) ? Number(spawnSync(OLD_NODE, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim()) : null;
const hasOldNode = oldMajor !== null && oldMajor < 24 && existsSync('/usr/bin/npm');

describe('npm install on an older Node', () => {
  it.skipIf(!hasOldNode)('stops at once with the Node it needs and the command that gets it', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'old-node-'));
    try {
      for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(file, path.join(folder, file));
      // With a cache of its own, so it cannot lean on what the machine has fetched before (and leaves nothing there).
      const install = spawnSync('/usr/bin/npm', ['install', '--no-audit', '--no-fund', '--cache', path.join(folder, '.npm-cache')], {
        cwd: folder,
        encoding: 'utf8',
        env: { PATH: '/usr/bin:/bin', HOME: folder },
        timeout: 60_000,
      });
      const output = install.stdout + install.stderr;
      expect(install.status, output).not.toBe(0);
      expect(output).toMatch(/Required: \{"node":">=24\.11","get it with":"bash scripts\/install-node\.sh"\}/);
      expect(output).toContain(`Actual:   {"node":"v${oldMajor}.`);
      expect(output).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
      // Nothing was fetched or installed.
      expect(existsSync(path.join(folder, 'node_modules'))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
