import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from './client';
import { lockDataFolder } from './dataFolderLock';
import { orders } from './schema/orders';

/**
 * Backups of the embedded database: its whole data folder as one gzipped tarball (PGlite's own
 * dumpDataDir), restorable with restoreEmbedded. PostgreSQL is backed up with pg_dump instead (docs/operations.md,
 * "Backups"). Both need the shop stopped: they take the data folder's lock like the shop does, so
 * while a shop runs on the folder they refuse with DataFolderInUseError and touch nothing.
 */

/** Runs `use` holding the folder's exclusive lock; losing the lock midway aborts with an error. */
async function whileLocked<T>(pgliteDir: string, use: () => Promise<T>): Promise<T> {
  let lost: Error | null = null;
  const release = await lockDataFolder(pgliteDir, (error) => {
    lost = error;
  });
  try {
    const result = await use();
    if (lost) throw lost;
    return result;
  } finally {
    await release().catch(() => undefined);
  }
}

export async function backUpEmbedded(pgliteDir: string, file: string): Promise<{ file: string; bytes: number }> {
  await stat(path.join(pgliteDir, 'PG_VERSION')).catch(() => {
    throw new Error(`There is no embedded database in ${pgliteDir} to back up.`);
  });
  return whileLocked(pgliteDir, async () => {
    const client = new PGlite(pgliteDir);
    try {
      await client.exec('CHECKPOINT');
      const tarball = await client.dumpDataDir('gzip');
      await mkdir(path.dirname(file), { recursive: true });
      const bytes = Buffer.from(await tarball.arrayBuffer());
      // Written beside its final name, then renamed: a backup file is either whole or absent.
      await writeFile(`${file}.partial`, bytes, { mode: 0o600 });
      await rename(`${file}.partial`, file);
      return { file, bytes: bytes.length };
    } finally {
      await client.close();
    }
  });
}

/**
 * Replaces the embedded database with a backup. The current data folder is never deleted: it is moved
 * aside to `<folder>.replaced-<time>`, and the restored database is checked (migrations applied, orders
 * counted) before this returns.
 */
export async function restoreEmbedded(pgliteDir: string, file: string, now = new Date()): Promise<{ orders: number; previous: string | null }> {
  const tarball = new Blob([await readFile(file)]);
  const previous = await whileLocked(pgliteDir, async () => {
    let aside: string | null = null;
    if (await stat(pgliteDir).catch(() => null)) {
      aside = `${pgliteDir}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
      await rename(pgliteDir, aside);
    }
    await mkdir(pgliteDir, { recursive: true });
    const loaded = new PGlite(pgliteDir, { loadDataDir: tarball });
    await loaded.waitReady;
    await loaded.close();
    return aside;
  });
  // Opened like the shop opens it (its own lock, migrations applied) to check the restored database.
  const database = await openPglite(pgliteDir);
  try {
    const rows = await database.db.select({ id: orders.id }).from(orders);
    return { orders: rows.length, previous };
  } finally {
    await database.close();
  }
}

/** The default name of a new backup: DATA_DIR/backups/shop-2026-11-23T17-20-00-000Z.tar.gz */
export function backupFileName(dataDir: string, now = new Date()): string {
  return path.join(dataDir, 'backups', `shop-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
}
