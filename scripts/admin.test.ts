import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { account, user } from '../db/schema/accounts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function admin(args: string[], input?: string) {
  // As `npm run admin` runs it: the build, through the launcher (`npm test` builds first).
  const result = spawnSync(process.execPath, ['--liftoff-only', 'scripts/launch.mjs', 'admin', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function accounts() {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    return await database.db.select({ email: user.email, role: user.role, password: account.password }).from(user).leftJoin(account, eq(account.userId, user.id));
  } finally {
    await database.close();
  }
}

describe('npm run admin -- create <email>', () => {
  it('creates an owner account with a hashed password from standard input, and says how to sign in', async () => {
    const made = admin(['create', 'Owner@Example.ro', '--password-stdin'], 'a long owner password\n');
    expect([made.status, made.output]).toEqual([0, expect.stringContaining('Created the owner account Owner@Example.ro. Sign in at /login, then open /admin.')]);
    const [owner] = await accounts();
    expect(owner).toMatchObject({ email: 'owner@example.ro', role: 'owner' });
    expect(owner!.password).not.toContain('a long owner password');

    const again = admin(['create', 'owner@example.ro']);
    expect([again.status, again.output]).toEqual([0, expect.stringContaining('owner@example.ro is already an owner.')]);
  }, 60_000);

  it('refuses a short password, one of the commonest, and usage mistakes, changing nothing', async () => {
    const short = admin(['create', 'second@example.ro', '--password-stdin'], 'short\n');
    expect([short.status, short.output]).toEqual([1, expect.stringContaining("An owner's password must be at least 10 characters long.")]);
    const common = admin(['create', 'second@example.ro', '--password-stdin'], 'QwertyUiop\n');
    expect([common.status, common.output]).toEqual([1, expect.stringContaining('This password is one of the most commonly used')]);
    const noTerminal = admin(['create', 'second@example.ro']);
    expect([noTerminal.status, noTerminal.output]).toEqual([2, expect.stringContaining('--password-stdin')]);
    expect(admin(['promote', 'x@example.ro']).status).toBe(2);
    expect((await accounts()).map((row) => row.email)).toEqual(['owner@example.ro']);
  }, 60_000);
});
