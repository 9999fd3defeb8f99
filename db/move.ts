import { writeFile } from 'node:fs/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import type { Db } from './client';
import { type Column, type Contents, differences, isCopied, listTables, quote, type RunSql, readContents, runOn, runOnClient, sameTextOutput, type Table } from './contents';
import { movedMarkerOf } from './dataFolderLock';

/**
 * `npm run db:move` (scripts/dbMove.ts): the embedded database, whole, into an empty PostgreSQL database. One
 * transaction on the target makes the schema (the committed migrations), copies every table (parents first), sets the
 * sequences, and compares what the target then holds with the original (db/contents.ts); it commits only when they
 * agree. A move that fails anywhere rolls back: the target stays empty and the data folder is left in use.
 */

/** Refused before anything is written: the target already holds tables. */
export class TargetNotEmptyError extends Error {
  constructor(tables: string[]) {
    super(
      `The PostgreSQL database is not empty (it has ${tables.length} table${tables.length === 1 ? '' : 's'}, such as ${tables.slice(0, 3).join(', ')}): ` +
        'db:move copies only into an empty database. Make a new one (createdb), point DATABASE_URL at it and run this again.',
    );
    this.name = 'TargetNotEmptyError';
  }
}

/** The copy did not match the original: nothing was committed. */
export class CopyMismatchError extends Error {
  constructor(readonly found: string[]) {
    super(`The copy does not match the original, so nothing was written:\n  ${found.join('\n  ')}`);
    this.name = 'CopyMismatchError';
  }
}

/** Rows per statement: fewer for tables holding files (images, labels, ANAF archives), each up to a few MB. */
const batchOf = (table: Table) => (table.columns.some((column) => column.type === 'bytea') ? 10 : 500);

/** The target's tables outside PostgreSQL's own schemas: any means it is not empty. */
export async function tablesIn(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg\\_%' ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** The committed migrations' statements, as drizzle's migrator runs them (here inside the move's transaction). */
async function makeSchema(client: pg.ClientBase, migrationsFolder: string) {
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
  }
  // drizzle's record of them, as its migrator makes it (its rows are copied with the rest).
  await client.query('CREATE SCHEMA IF NOT EXISTS "drizzle"');
  await client.query('CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)');
}

/** JSON values go as their text: json_populate_record would make a JSON null into SQL NULL (orders.locker holds both). */
const isJson = (column: Column) => column.type === 'jsonb' || column.type === 'json';

/** Copies one table's rows in batches, as JSON text straight from one database to the other (no value passes through JavaScript). */
async function copyTable(source: RunSql, target: pg.ClientBase, table: Table): Promise<number> {
  const columns = table.columns.filter(isCopied);
  const names = columns.map((column) => quote(column.name));
  const read = columns.map((column) => (isJson(column) ? `${quote(column.name)}::text AS ${quote(column.name)}` : quote(column.name)));
  const write = columns.map((column) => (isJson(column) ? `(e.row->>'${column.name.replaceAll("'", "''")}')::${column.type}` : `p.${quote(column.name)}`));
  // A row that refers to another of its table comes after the rows that refer to none.
  const order = [...table.selfReferences.map((column) => `${quote(column)} IS NOT NULL`), 'ctid'].join(', ');
  const overriding = table.columns.some((column) => column.identityAlways) ? 'OVERRIDING SYSTEM VALUE' : '';
  let copied = 0;
  for (;;) {
    const [batch] = await source(
      `SELECT count(*)::int AS rows, coalesce(json_agg(b), '[]')::text AS json
         FROM (SELECT ${read.join(', ')} FROM ${table.sql} ORDER BY ${order} LIMIT ${batchOf(table)} OFFSET ${copied}) b`,
    );
    const rows = Number(batch!.rows);
    if (rows === 0) return copied;
    await target.query(
      `INSERT INTO ${table.sql} (${names.join(', ')}) ${overriding}
       SELECT ${write.join(', ')} FROM json_array_elements($1::json) AS e(row), json_populate_record(NULL::${table.sql}, e.row) AS p`,
      [batch!.json],
    );
    copied += rows;
  }
}

/** Each sequence where the original's stands: the next order number and every identity column go on from there. */
async function copySequences(source: RunSql, target: pg.ClientBase) {
  const sequences = await source(`SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value::text AS value FROM pg_sequences WHERE schemaname IN ('public', 'drizzle')`);
  for (const { name, value } of sequences) {
    if (value !== null) await target.query('SELECT setval($1::regclass, $2::bigint, true)', [name, value]);
  }
}

export interface MoveResult {
  contents: Contents;
  tables: number;
}

/**
 * Moves everything in `source` (the embedded database, opened and locked by the caller, nothing else writing it) into
 * the empty PostgreSQL database at `connectionString`. Throws TargetNotEmptyError or CopyMismatchError, or any
 * database error, having written nothing.
 */
export async function moveToPostgres(source: Db, connectionString: string, migrationsFolder: string): Promise<MoveResult> {
  const run = runOn(source);
  const target = new pg.Client({ connectionString });
  await target.connect();
  try {
    const existing = await tablesIn(target);
    if (existing.length > 0) throw new TargetNotEmptyError(existing);
    // Nothing writes the original (its folder is locked), so it reads the same before and after the copy.
    const original = await readContents(run);
    await target.query('BEGIN');
    try {
      await sameTextOutput(runOnClient(target));
      await makeSchema(target, migrationsFolder);
      const tables = await listTables(run);
      // Rows a migration may have written into the new tables make way for the original's.
      await target.query(`TRUNCATE ${tables.map((table) => table.sql).join(', ')}`);
      for (const table of tables) await copyTable(run, target, table);
      await copySequences(run, target);
      const copy = await readContents(runOnClient(target));
      const found = differences(original, copy);
      if (found.length > 0) throw new CopyMismatchError(found);
      await target.query('COMMIT');
      return { contents: copy, tables: tables.length };
    } catch (error) {
      await target.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await target.end().catch(() => undefined);
  }
}

/** Marks the embedded database as moved: the shop will not open it again (openPglite refuses, naming DATABASE_URL). */
export async function markMoved(pgliteDir: string, connectionString: string, now = new Date()) {
  // Where to, without the password: host, port and database name.
  const url = URL.parse(connectionString);
  const to = url ? `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}` : 'PostgreSQL';
  await writeFile(movedMarkerOf(pgliteDir), `${JSON.stringify({ movedAt: now.toISOString(), to })}\n`);
}
