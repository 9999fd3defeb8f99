import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { account, session, twoFactor, user } from '../db/schema/accounts';
import { ownerCommand } from '../testing/ownerCommand';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const admin = (args: string[], input?: string) => ownerCommand('admin', args, { DATA_DIR: dataDir, DATABASE_URL: '' }, { input });

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
    expect([made.status, made.output]).toEqual([
      0,
      expect.stringContaining('Created the owner account Owner@Example.ro. Sign in at /login, set up two-factor sign-in as the back office asks, then open /admin.'),
    ]);
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

describe('npm run admin -- reset-2fa <email>', () => {
  it('turns an owner’s two-factor sign-in off and ends their sessions, for a lost phone; an unknown account changes nothing', async () => {
    const database = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const [owner] = await database.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.email, 'owner@example.ro')).returning({ id: user.id });
      await database.db.insert(twoFactor).values({ id: 'tf-1', secret: 'sealed', backupCodes: 'sealed', userId: owner!.id });
      await database.db.insert(session).values({ id: 's-1', token: 'token-1', userId: owner!.id, expiresAt: new Date(Date.now() + 86_400_000) });
    } finally {
      await database.close();
    }
    const reset = admin(['reset-2fa', 'Owner@example.ro']);
    expect([reset.status, reset.output]).toEqual([0, expect.stringContaining('Two-factor sign-in is off for Owner@example.ro and its sessions are ended')]);
    const after = await openPglite(path.join(dataDir, 'pglite'));
    try {
      expect(await after.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.email, 'owner@example.ro'))).toEqual([{ on: false }]);
      expect(await after.db.select().from(twoFactor)).toEqual([]);
      expect(await after.db.select().from(session)).toEqual([]);
    } finally {
      await after.close();
    }
    const unknown = admin(['reset-2fa', 'nobody@example.ro']);
    expect([unknown.status, unknown.output]).toEqual([1, expect.stringContaining('There is no account for nobody@example.ro; nothing was changed.')]);
  }, 60_000);
});
