import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type Query, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataFolder, refuseMoved } from './dataFolderLock';
import { checkChannel, PostgresListener, type Unlisten } from './listener';

/**
 * The one database type the app uses, whichever driver is behind it. Both drivers' instances are
 * PgDatabase subclasses, so they are assigned to it as they are, without casts.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** An open transaction on Db: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The database or a transaction of it. A service that takes DbOrTx runs on its own or inside its
 * caller's transaction (its own `transaction()` call then becomes a savepoint), so callers compose
 * services into one transaction without casts.
 */
export type DbOrTx = Db | Tx;

/**
 * A statement for a hot path: written by the query builder once (at its first run), then run by
 * name on the database or a transaction's connection. No building per call, and PostgreSQL parses
 * and plans it once per connection. Its parameters are `sql.placeholder(name)`s, given as the
 * driver takes them (no column mapping); its rows come as the database names their columns.
 */
export function preparedStatement<Row>(name: string, build: (db: DbOrTx) => { toSQL(): Query } | SQL) {
  let query: Query | undefined;
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    if (!query) {
      const built = build(db);
      // A query builder, or a statement written in SQL (its placeholders are sql.placeholder too).
      query = built instanceof SQL ? db.execute(built).getQuery() : built.toSQL();
    }
    const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (a lower-case SQL name), payload ignored. On
   * PostgreSQL it is also called after a lost listening connection is back, since notifications sent
   * meanwhile are gone: the caller reads what it missed from the tables, never from the payload.
   */
  listen(channel: string, onNotify: () => void): Promise<Unlisten>;
  /**
   * The embedded database in a data folder, whole, as a gzipped tarball taken while no query runs (the daily backup,
   * db/backup.ts backUpRunning); absent on PostgreSQL, which pg_dump backs up.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** PGlite has LISTEN on its one connection; the same interface as PostgreSQL's listener. */
function pgliteListen(client: PGlite): Database['listen'] {
  return async (channel, onNotify) => {
    checkChannel(channel);
    return client.listen(channel, () => onNotify());
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An arbitrary constant: processes starting together take turns migrating. */
const MIGRATION_LOCK_ID = 727_310_001;

/**
 * The embedded cluster serves one process through one connection, on a machine that may have 1 GB: PGlite's
 * initdb gives it PostgreSQL's stock 128 MB of shared buffers and 100 connections (decision 0029).
 */
export const PGLITE_SETTINGS = { shared_buffers: '16MB', max_connections: '5' } as const;
const settingParams = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

/**
 * PGlite, its drizzle driver and the options it starts with, loaded by a process that opens the embedded database
 * only: one on PostgreSQL never holds their code (a few MB of it resident).
 */
async function embedded() {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  return { PGlite, drizzle, migrate, options: { startParams: [...PGlite.defaultStartParams, ...settingParams], initDbStartParams: settingParams } };
}

/**
 * A new, empty cluster that `npm run build` makes (scripts/build.ts), beside the migrations: a new data folder is
 * loaded from it instead of running initdb in the serving process, whose second WebAssembly instance would
 * double the process's peak memory (about 500 MB; loaded, about 250 MB). Run from the sources (the tests),
 * there is none and PGlite runs initdb.
 */
const newClusterFile = path.join(migrationsFolder, '..', 'new-cluster.tar.gz');

function newClusterOf(dataDir: string): Blob | undefined {
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(newClusterFile)) return undefined;
  return new Blob([readFileSync(newClusterFile)]);
}

/** An in-memory cluster with PGLITE_SETTINGS as a tarball (dumpDataDir): new, or with every migration applied. */
export async function clusterTarball(options: { migrated: boolean; compression: 'gzip' | 'none' }): Promise<Blob> {
  const { PGlite, drizzle, migrate, options: pgliteOptions } = await embedded();
  const client = new PGlite(pgliteOptions);
  // Before dumpDataDir, which would wait for it inside the lock that starting takes: never settling.
  await client.waitReady;
  if (options.migrated) await migrate(drizzle({ client }), { migrationsFolder });
  const tarball = await client.dumpDataDir(options.compression);
  await client.close();
  return tarball;
}

/** Makes that cluster's file (db/newCluster.ts, run by the build from its bundle). */
export async function writeNewCluster(): Promise<void> {
  const tarball = await clusterTarball({ migrated: false, compression: 'gzip' });
  writeFileSync(newClusterFile, Buffer.from(await tarball.arrayBuffer()));
}

/**
 * A folder made before PGLITE_SETTINGS keeps PostgreSQL's stock settings in its postgresql.conf; they are
 * overridden at every start (startParams) and written over once, for any tool that opens it otherwise.
 */
async function keepSettings(client: PGlite) {
  const { rows } = await client.query<{ name: string; setting: string }>(`SELECT name, setting FROM pg_file_settings WHERE name = ANY($1) AND applied IS NOT NULL ORDER BY seqno`, [
    Object.keys(PGLITE_SETTINGS),
  ]);
  const inFiles = new Map(rows.map((row) => [row.name, row.setting]));
  for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
    if (inFiles.get(name) !== value) await client.exec(`ALTER SYSTEM SET ${name} = '${value}'`);
  }
}

/**
 * Opens the embedded PGlite database in `dataDir` (in memory when undefined) and applies the
 * committed migrations. A folder is opened by one process at a time: this takes its exclusive lock
 * first (db/dataFolderLock.ts) and throws DataFolderInUseError when another process holds it, and
 * DataFolderMovedError when `npm run db:move` moved it to PostgreSQL.
 * `onLockCompromised` runs if the lock is lost while open; it must stop the process, since another
 * process may now be writing the same files (the default throws, which crashes it).
 */
export async function openPglite(dataDir?: string, options: { onLockCompromised?: (error: Error) => void; from?: Blob } = {}): Promise<Database> {
  const { PGlite, drizzle, migrate, options: pgliteOptions } = await embedded();
  if (!dataDir) {
    // `from`: a data folder's tarball (dumpDataDir) to start from, e.g. the tests' migrated template.
    const client = new PGlite({ ...pgliteOptions, loadDataDir: options.from });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder });
    return { db, kind: 'pglite', listen: pgliteListen(client), close: () => client.close() };
  }
  await refuseMoved(dataDir);
  await mkdir(dataDir, { recursive: true });
  const onLockCompromised =
    options.onLockCompromised ??
    ((error: Error) => {
      throw error;
    });
  const releaseLock = await lockDataFolder(dataDir, onLockCompromised);
  let client: PGlite | undefined;
  try {
    client = new PGlite(dataDir, { ...pgliteOptions, loadDataDir: newClusterOf(dataDir) });
    await keepSettings(client);
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder });
    const open = client;
    return {
      db,
      kind: 'pglite',
      listen: pgliteListen(open),
      async dumpDataDir() {
        // A checkpoint first: the tarball needs little replay when it is restored.
        await open.query('CHECKPOINT');
        return open.dumpDataDir('gzip');
      },
      async close() {
        // A checkpoint leaves the folder with nothing to replay at the next start.
        await open.query('CHECKPOINT').catch(() => undefined);
        await open.close();
        await releaseLock();
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    await releaseLock();
    throw error;
  }
}

/** How long a request waits for a new PostgreSQL connection before it is answered 503. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Opens a real PostgreSQL pool and applies the committed migrations under an advisory lock, so
 * several stateless processes can start at once against the same database.
 *
 * The pool outlives PostgreSQL restarts: a connection that breaks is reported to
 * `onConnectionError` (idle ones) or fails the query using it, is dropped, and the next query opens
 * a new one. Without these listeners a connection that breaks emits an unhandled 'error' event
 * and ends the process.
 */
export async function openPostgres(options: pg.PoolConfig, events: { onConnectionError?: (error: Error) => void; onListenerError?: (error: Error) => void } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionTimeoutMillis: DEFAULT_CONNECT_TIMEOUT_MS, ...options });
  pool.on('error', events.onConnectionError ?? ((error) => console.error(`PostgreSQL connection lost: ${error.message}`)));
  // A connection in use reports its loss by failing its query (the request answers 503); pg still
  // emits 'error' on the client, and the pool only listens to idle ones.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg({ client: pool });
  const listener = new PostgresListener(options, events.onListenerError ?? ((error) => console.error(`PostgreSQL listener connection lost: ${error.message}`)));
  return {
    db,
    kind: 'postgres',
    listen: (channel, onNotify) => listener.listen(channel, onNotify),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
