import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from './client';
import { orders } from './schema/orders';

/**
 * Backups of the embedded database: its whole data folder as one gzipped tarball (PGlite's own
 * dumpDataDir), restorable with restoreEmbedded. PostgreSQL is backed up with pg_dump instead (README,
 * Operations). Both need the shop stopped: one process at a time owns the data folder.
 */
export async function backUpEmbedded(pgliteDir: string, file: string): Promise<{ file: string; bytes: number }> {
  await stat(path.join(pgliteDir, 'PG_VERSION')).catch(() => {
    throw new Error(`There is no embedded database in ${pgliteDir} to back up.`);
  });
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
}

/**
 * Replaces the embedded database with a backup. The current data folder is never deleted: it is moved
 * aside to `<folder>.replaced-<time>`, and the restored database is checked (migrations applied, orders
 * counted) before this returns.
 */
export async function restoreEmbedded(pgliteDir: string, file: string, now = new Date()): Promise<{ orders: number; previous: string | null }> {
  const tarball = new Blob([await readFile(file)]);
  let previous: string | null = null;
  if (await stat(pgliteDir).catch(() => null)) {
    previous = `${pgliteDir}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
    await rename(pgliteDir, previous);
  }
  await mkdir(pgliteDir, { recursive: true });
  const loaded = new PGlite(pgliteDir, { loadDataDir: tarball });
  await loaded.waitReady;
  await loaded.close();
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
