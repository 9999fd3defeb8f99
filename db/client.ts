import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An arbitrary constant: processes starting together take turns migrating. */
const MIGRATION_LOCK_ID = 727_310_001;

/**
 * Opens the embedded PGlite database in `dataDir` (in memory when undefined) and applies the
 * committed migrations. A folder is opened by one process at a time: this takes its exclusive lock
 * first (db/dataFolderLock.ts) and throws DataFolderInUseError when another process holds it.
 * `onLockCompromised` runs if the lock is lost while open; it must stop the process, since another
 * process may now be writing the same files (the default throws, which crashes it).
 */
export async function openPglite(dataDir?: string, options: { onLockCompromised?: (error: Error) => void } = {}): Promise<Database> {
  if (!dataDir) {
    const client = new PGlite();
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    return { db, kind: 'pglite', close: () => client.close() };
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
    client = new PGlite(dataDir);
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    const open = client;
    return {
      db,
      kind: 'pglite',
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
export async function openPostgres(options: pg.PoolConfig, events: { onConnectionError?: (error: Error) => void } = {}): Promise<Database> {
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
  return { db, kind: 'postgres', close: () => pool.end() };
}
