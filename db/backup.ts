import { spawn } from 'node:child_process';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, migrationsFolder, openPglite } from './client';
import { type Contents, differences, readContents, runOn, runOnClient } from './contents';
import { lockDataFolder } from './dataFolderLock';
import { moveToPostgres, TargetNotEmptyError, tablesIn } from './move';

/**
 * Backups of the embedded database: its whole data folder as one gzipped tarball (PGlite's own
 * dumpDataDir), restorable with restoreBackup. PostgreSQL is backed up with pg_dump instead (docs/operations.md,
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

/** Written beside its final name, then renamed: a backup file is either whole or absent. */
async function writeWhole(file: string, bytes: Buffer | string): Promise<number> {
  await writeFile(`${file}.partial`, bytes, { mode: 0o600 });
  await rename(`${file}.partial`, file);
  return Buffer.byteLength(bytes);
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
      return { file, bytes: await writeWhole(file, Buffer.from(await tarball.arrayBuffer())) };
    } finally {
      await client.close();
    }
  });
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/**
 * Replaces the embedded database with a backup's tarball. The current data folder is never deleted: it is moved aside
 * to `<folder>.replaced-<time>` (returned). restoreBackup then opens and checks the restored one.
 */
async function replaceEmbedded(pgliteDir: string, tarball: Blob, now: Date): Promise<string | null> {
  await mkdir(path.dirname(pgliteDir), { recursive: true });
  return whileLocked(pgliteDir, async () => {
    let aside: string | null = null;
    if (await stat(pgliteDir).catch(() => null)) {
      aside = `${pgliteDir}.replaced-${stamp(now)}`;
      await rename(pgliteDir, aside);
    }
    await mkdir(pgliteDir, { recursive: true });
    const loaded = new PGlite(pgliteDir, { loadDataDir: tarball });
    await loaded.waitReady;
    await loaded.close();
    return aside;
  });
}

/** The default name of a new backup: DATA_DIR/backups/shop-2026-11-23T17-20-00-000Z.tar.gz */
export function backupFileName(dataDir: string, now = new Date()): string {
  return path.join(dataDir, 'backups', `shop-${stamp(now)}.tar.gz`);
}

/** A libpq tool's arguments and environment for `url`: its password in PGPASSWORD, never on a command line others can read. */
function libpq(url: string): { target: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { target: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs pg_dump or pg_restore; rejects with its last words when it fails or is not installed. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 60 * 60_000 });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said = `${said}${chunk}`.slice(-2000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${tool} is not installed: install PostgreSQL's client tools (apt-get install postgresql-client), the server's version or newer.`) : error),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed (exit code ${code}): ${said.trim()}`))));
  });
}

/** The running shop's database, as the daily backup takes it (server/modules/backups/schedule.ts). */
export type LiveDatabase = { kind: 'pglite'; dumpDataDir: NonNullable<Database['dumpDataDir']> } | { kind: 'postgres'; url: string };

/**
 * One backup of the running shop into `dir`. The embedded database: its whole folder as a tarball, taken while no query
 * runs (PGlite's dumpDataDir; what a restore checks it against is read from the tarball itself). PostgreSQL: pg_dump's
 * custom format, and beside it (`.dump.json`) what it holds (db/contents.ts), read in the very snapshot pg_dump dumps.
 */
export async function backUpRunning(source: LiveDatabase, dir: string, now = new Date()): Promise<{ file: string; bytes: number }> {
  await mkdir(dir, { recursive: true });
  if (source.kind === 'pglite') {
    const file = path.join(dir, `shop-${stamp(now)}.tar.gz`);
    return { file, bytes: await writeWhole(file, Buffer.from(await (await source.dumpDataDir()).arrayBuffer())) };
  }
  const file = path.join(dir, `shop-${stamp(now)}.dump`);
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const { target, env } = libpq(source.url);
    const dumped = runTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}.partial`, '--no-password', `--dbname=${target}`], env);
    const contents = await readContents(runOnClient(client)).catch(async (error) => {
      await dumped.catch(() => undefined);
      throw error;
    });
    await dumped;
    await writeWhole(`${file}.json`, `${JSON.stringify(contents)}\n`);
    await rename(`${file}.partial`, file);
    return { file, bytes: (await stat(file)).size };
  } finally {
    await client.query('COMMIT').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

export interface Restored {
  contents: Contents;
  /** How the restored database differs from what the backup holds: none when it passed the check. */
  found: string[];
  /** The embedded database it replaced, moved aside. */
  previous: string | null;
}

/**
 * `npm run restore`: a backup into the shop's database, then checked as db:move checks a copy. An embedded database's
 * tarball replaces the data folder (kept aside) or, with DATABASE_URL, goes into an empty PostgreSQL as db:move takes it;
 * a pg_dump file goes into an empty PostgreSQL (pg_restore, one transaction) and is checked against its `.dump.json`.
 */
export async function restoreBackup(file: string, target: { pgliteDir: string } | { url: string }, now = new Date()): Promise<Restored> {
  if (file.endsWith('.tar.gz')) {
    // What the backup holds, read from the tarball itself (opened in memory, migrated as the shop would).
    const tarball = new Blob([await readFile(file)]);
    const database = await openPglite(undefined, { from: tarball });
    try {
      const contents = await readContents(runOn(database.db));
      if ('url' in target) {
        const moved = await moveToPostgres(database.db, target.url, migrationsFolder);
        return { contents: moved.contents, found: [], previous: null };
      }
      const previous = await replaceEmbedded(target.pgliteDir, tarball, now);
      const restored = await openPglite(target.pgliteDir);
      try {
        const copy = await readContents(runOn(restored.db));
        return { contents: copy, found: differences(contents, copy), previous };
      } finally {
        await restored.close();
      }
    } finally {
      await database.close();
    }
  }
  if (!('url' in target)) throw new Error(`${path.basename(file)} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to an empty PostgreSQL database.`);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const existing = await tablesIn(client);
    if (existing.length > 0) throw new TargetNotEmptyError(existing);
    const { target: dbname, env } = libpq(target.url);
    await runTool('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', '--no-password', `--dbname=${dbname}`, file], env);
    // Transaction ids of the backed-up cluster mean nothing here (db/contents.ts isCopied): the restore's own instead.
    await client.query('UPDATE public.order_events SET tx = pg_current_xact_id()');
    const copy = await readContents(runOnClient(client));
    const recorded = await readFile(`${file}.json`, 'utf8').catch(() => null);
    return { contents: copy, found: recorded ? differences(JSON.parse(recorded) as Contents, copy) : ['no record of what the backup holds (its .dump.json) to check against'], previous: null };
  } finally {
    await client.end().catch(() => undefined);
  }
}
