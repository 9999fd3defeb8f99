import pg from 'pg';

/**
 * A new, empty database on the cluster `pg_virtualenv` points the PG* variables at, for one
 * benchmark; returns its URL for the shop's DATABASE_URL.
 */
export async function createBenchDatabase(prefix: string): Promise<string> {
  const database = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ database: 'postgres' });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL('postgres://localhost');
  url.hostname = process.env.PGHOST ?? 'localhost';
  url.port = process.env.PGPORT ?? '5432';
  url.username = process.env.PGUSER ?? 'postgres';
  url.password = process.env.PGPASSWORD ?? '';
  url.pathname = `/${database}`;
  return url.toString();
}
