import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client';

let template: Promise<Blob | undefined> | undefined;

/**
 * The migrated, empty cluster testing/pgliteTemplate.ts made once for the run (read once per test process): a test
 * file's database starts from it in a third of a second instead of three for initdb and the migrations. None when
 * a test runs outside Vitest's set-up; then PGlite runs initdb.
 */
function migratedTemplate(): Promise<Blob | undefined> {
  const file = process.env.SHOP_TEST_PGLITE_TEMPLATE;
  template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return template;
}

/**
 * A fresh, migrated, empty database for one test file: in-memory PGlite by default, or a new
 * database on the real PostgreSQL that `pg_virtualenv` points the PG* variables at when
 * TEST_DATABASE=postgres. Never a mock.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE !== 'postgres') return openPglite(undefined, { from: await migratedTemplate() });

  const { name, drop } = await createPostgresDatabase();
  // Host, port, user and password come from the PG* variables.
  const database = await openPostgres({ database: name, max: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL that the PG* variables point at (pg_virtualenv), with its
 * URL for a shop process of its own (DATABASE_URL); drop() removes it.
 */
export async function createPostgresDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) => admin.query(`create database ${name}`));
  const host = !process.env.PGHOST || process.env.PGHOST === 'localhost' ? '127.0.0.1' : process.env.PGHOST;
  const credentials = `${encodeURIComponent(process.env.PGUSER ?? 'postgres')}${process.env.PGPASSWORD ? `:${encodeURIComponent(process.env.PGPASSWORD)}` : ''}`;
  return {
    name,
    url: `postgres://${credentials}@${host}:${process.env.PGPORT ?? 5432}/${name}`,
    drop: () => asAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}

/**
 * A database a shop process of its own can share with the test, one at a time: the embedded one's folder in `dataDir`
 * (the test closes it before the shop opens it: `shared` false), or a new PostgreSQL database when TEST_DATABASE=postgres
 * (both open at once). `env` is what the shop process needs to use it; drop() removes it.
 */
export async function sharedTestDatabase(dataDir: string): Promise<{ open(): Promise<Database>; shared: boolean; env: Record<string, string>; drop(): Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') return { open: () => openPglite(path.join(dataDir, 'pglite')), shared: false, env: {}, drop: async () => undefined };
  const target = await createPostgresDatabase();
  return { open: () => openPostgres({ connectionString: target.url, max: 2 }), shared: true, env: { DATABASE_URL: target.url }, drop: target.drop };
}

async function asAdmin(work: (admin: pg.Client) => Promise<unknown>) {
  const admin = new pg.Client({ database: 'postgres' });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
