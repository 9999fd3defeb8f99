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
import { lockDataFolder } from './dataFolderLock';

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

/** Stops listening (see Database.listen). */
export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (a lower-case SQL name), payload ignored. On
   * PostgreSQL it is also called after a lost listening connection is back, since notifications sent
   * meanwhile are gone: the caller reads what it missed from the tables, never from the payload.
   */
  listen(channel: string, onNotify: () => void): Promise<Unlisten>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

/** PGlite has LISTEN on its one connection; the same interface as PostgreSQL's listener. */
function pgliteListen(client: PGlite): Database['listen'] {
  return async (channel, onNotify) => {
    checkChannel(channel);
    return client.listen(channel, () => onNotify());
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

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
 * first (db/dataFolderLock.ts) and throws DataFolderInUseError when another process holds it.
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

export const LISTENER_APPLICATION_NAME = 'shop-listener';

/** Waits between attempts to reconnect the listener: 0.5 s, doubling, at most 15 s. */
export const LISTENER_RETRY_MS = { first: 500, max: 15_000 } as const;

/**
 * One connection per process, outside the pool, that LISTENs for every channel asked for. A pooled
 * connection cannot listen (it is handed to other queries), and one connection is enough for any
 * number of listeners. When it breaks (PostgreSQL restarted, network lost) it is replaced after a
 * growing pause, its channels are listened to again, and every listener is called once for what it
 * may have missed. Errors are reported with the driver's message only.
 */
class PostgresListener {
  private readonly channels = new Map<string, Set<() => void>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(
    private readonly options: pg.ClientConfig,
    private readonly onError: (error: Error) => void,
  ) {}

  async listen(channel: string, onNotify: () => void): Promise<Unlisten> {
    checkChannel(channel);
    if (this.closed) throw new Error('The database is closed.');
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
      // A failure here is the connection breaking: its 'error' or 'end' reconnects and listens again.
      await this.client?.query(`LISTEN ${channel}`).catch(() => undefined);
    }
    listeners.add(onNotify);
    // The first listener waits for the first attempt to connect; a failed one keeps retrying.
    await this.connect();
    return async () => {
      const set = this.channels.get(channel);
      if (!set?.delete(onNotify) || set.size > 0) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  private connect(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open() {
    clearTimeout(this.retry);
    this.retry = undefined;
    // Named, so it can be told apart in pg_stat_activity.
    const client = new pg.Client({ ...this.options, keepAlive: true, application_name: LISTENER_APPLICATION_NAME });
    let current = false;
    const drop = (error: Error) => {
      if (!current) return;
      current = false;
      this.client = null;
      client.end().catch(() => undefined);
      if (!this.closed) this.scheduleRetry(error);
    };
    // Without an 'error' listener a broken connection would end the process.
    client.on('error', drop);
    client.on('end', () => drop(new Error('The listening connection ended.')));
    client.on('notification', (message) => {
      if (current) for (const onNotify of this.channels.get(message.channel) ?? []) onNotify();
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.end().catch(() => undefined);
      if (!this.closed) this.scheduleRetry(error as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = true;
    this.client = client;
    const reconnected = this.failures > 0;
    this.failures = 0;
    if (reconnected) for (const listeners of this.channels.values()) for (const onNotify of listeners) onNotify();
  }

  private scheduleRetry(error: Error) {
    this.onError(error);
    const wait = Math.min(LISTENER_RETRY_MS.first * 2 ** this.failures, LISTENER_RETRY_MS.max);
    this.failures += 1;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), wait);
    this.retry.unref();
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    await this.connecting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
