import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { orderLines, orders } from '../db/schema/orders';
import { seedCatalog } from '../db/seed';
import { orderRequestSchema } from '../domain/checkout';
import { placeOrder } from '../server/modules/orders/place';
import { ownerCommand } from '../testing/ownerCommand';
import { sampleOrder } from '../testing/sampleOrder';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const npmScript = (script: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv = {}) => ownerCommand(script, args, { DATA_DIR: dataDir, DATABASE_URL: '', ...env });

async function withDatabase<T>(use: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>): Promise<T> {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run backup / npm run restore (embedded database)', () => {
  it('restores the orders a backup holds, keeps the replaced database aside, and refuses what it cannot do', async () => {
    const kept = await withDatabase(async (db) => {
      await seedCatalog(db);
      return placeOrder(db, orderRequestSchema.parse(sampleOrder({ email: 'kept@example.ro', lines: [{ productId: '2', quantity: 3 }] })));
    });

    const backup = path.join(dataDir, 'nightly.tar.gz');
    const made = npmScript('backup', [backup]);
    expect(made.output).toContain(`to ${backup}`);
    expect(made.status).toBe(0);

    const later = await withDatabase((db) => placeOrder(db, orderRequestSchema.parse(sampleOrder({ email: 'later@example.ro', lines: [{ productId: '1', quantity: 1, colour: 'Black' }] }))));

    const restored = npmScript('restore', [backup]);
    expect(restored.output).toContain('  orders: 1 row (subtotal ');
    expect(restored.output).toContain('Checked against the backup: every table’s rows, sums and contents, the next invoice number and every image match.');
    expect(restored.status).toBe(0);

    await withDatabase(async (db) => {
      expect((await db.select({ id: orders.id, email: orders.email }).from(orders)).map((row) => row.id)).toEqual([kept.id]);
      const lines = await db.select().from(orderLines);
      expect(lines.map((line) => [line.orderId, line.productId, line.quantity])).toEqual([[kept.id, '2', 3]]);
    });
    const replaced = readdirSync(dataDir).filter((name) => name.startsWith('pglite.replaced-'));
    expect(replaced).toHaveLength(1);
    const aside = await openPglite(path.join(dataDir, replaced[0]!));
    try {
      expect((await aside.db.select({ id: orders.id }).from(orders)).map((row) => row.id).sort()).toEqual([kept.id, later.id].sort());
    } finally {
      await aside.close();
    }

    // While a shop holds the folder, neither touches it.
    const running = await openPglite(path.join(dataDir, 'pglite'));
    try {
      for (const refused of [npmScript('backup', [path.join(dataDir, 'busy.tar.gz')]), npmScript('restore', [backup])]) {
        expect([refused.status, refused.output]).toEqual([1, expect.stringContaining(`is in use by another shop process (pid ${process.pid}`)]);
      }
      expect(existsSync(path.join(dataDir, 'busy.tar.gz'))).toBe(false);
      expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite.replaced-'))).toHaveLength(1);
    } finally {
      await running.close();
    }

    const withoutFile = npmScript('restore', []);
    expect([withoutFile.status, withoutFile.output]).toEqual([1, expect.stringContaining('Usage: npm run restore -- <backup file>')]);
    const noPostgres = npmScript('backup', [], { DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop' });
    expect([noPostgres.status, noPostgres.output]).toEqual([1, expect.stringContaining('Backup failed: connect ECONNREFUSED 127.0.0.1:1')]);
    const nothingThere = npmScript('backup', [], { DATA_DIR: path.join(dataDir, 'empty') });
    expect([nothingThere.status, nothingThere.output]).toEqual([1, expect.stringContaining('There is no embedded database')]);
    expect(existsSync(path.join(dataDir, 'empty', 'backups'))).toBe(false);
  }, 90_000);
});
