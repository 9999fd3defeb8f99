/**
 * What the reminders' tests share (server/modules/reminders): a second process's database on the same one, where
 * an address appears in the whole database, and moving a record's clock back.
 */
import { sql } from 'drizzle-orm';
import { type Database, type Db, openPostgres } from '../db/client';
import { listTables, runOn } from '../db/contents';

/**
 * The same database as a second process opens it: on PostgreSQL a pool of its own (rounds in the two really race);
 * PGlite has one connection, which both share.
 */
export async function secondProcessDatabase(database: Database): Promise<Database> {
  if (database.kind !== 'postgres') return { ...database, close: async () => undefined };
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  return openPostgres({ database: result.rows[0]!.name, max: 5 });
}

/** The tables (schema.name) with a row whose text holds `text`, case-insensitive: every table of the database is read. */
export async function tablesHolding(db: Db, text: string): Promise<string[]> {
  const run = runOn(db);
  const found: string[] = [];
  for (const table of await listTables(run)) {
    const [row] = await run(`SELECT count(*)::int AS n FROM ${table.sql} AS t WHERE position(${sqlText(text.toLowerCase())} in lower(t::text)) > 0`);
    if (Number(row?.n) > 0) found.push(table.name);
  }
  return found;
}

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;
