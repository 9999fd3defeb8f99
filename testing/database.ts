import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/client';

/**
 * A fresh, migrated, empty database for one test file: in-memory PGlite by default, or a new
 * database on the real PostgreSQL that `pg_virtualenv` points the PG* variables at when
 * TEST_DATABASE=postgres. Never a mock.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE !== 'postgres') return openPglite();

  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) => admin.query(`create database ${name}`));
  // Host, port, user and password come from the PG* variables.
  const database = await openPostgres({ database: name, max: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await asAdmin((admin) => admin.query(`drop database if exists ${name}`));
    },
  };
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
