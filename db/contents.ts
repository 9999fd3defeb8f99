import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { CURRENCY, toDecimalString } from '../domain/money';
import type { DbOrTx } from './client';

/**
 * What a shop database holds, table by table, read the same way from PGlite and from PostgreSQL: the two sides of
 * `npm run db:move` (db/move.ts) and of a restore (db/backup.ts) are compared through it.
 */

/** Runs one statement and gives its rows: a PGlite or pg connection, whichever holds the database. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

type Rows = { rows: Record<string, unknown>[] };

/** A RunSql on a drizzle database (the embedded one, opened by openPglite). */
export const runOn =
  (db: DbOrTx): RunSql =>
  async (text) =>
    ((await db.execute(sql.raw(text))) as Rows).rows;

/** A RunSql on one pg connection (a transaction of its own, a snapshot). */
export const runOnClient =
  (client: pg.ClientBase): RunSql =>
  async (text) =>
    (await client.query(text)).rows;

/** The shop's tables and drizzle's record of the migrations applied (written into the statements: no parameters). */
const SCHEMAS = `('public', 'drizzle')`;

export interface Column {
  name: string;
  type: string;
  /** Its value is computed (GENERATED ALWAYS AS …): never written. */
  generated: boolean;
  /** GENERATED ALWAYS AS IDENTITY: written only with OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

export interface Table {
  /** "schema"."name", quoted. */
  sql: string;
  /** schema.name, as printed and compared. */
  name: string;
  columns: Column[];
  /** Columns referring to the same table (a credit note's invoice): rows without them are copied first. */
  selfReferences: string[];
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A transaction id means something only in the cluster that gave it (order_events.tx, server/modules/orders/liveOrders.ts):
 * such columns are neither copied nor compared; a copy takes the copying transaction's.
 */
export const isCopied = (column: Column) => !column.generated && column.type !== 'xid8';

const INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint', 'numeric']);

/** Columns that hold money taken or owed, in bani (orders.total_amount, refunds.amount …): printed as RON. */
export const isMoney = (column: Column) => INTEGER_TYPES.has(column.type) && /^(subtotal|shipping|shipping_vat|discount|total_amount|amount|vat_amount)$/.test(column.name);

/** Every table of the shop, parents before the tables that refer to them (so a copy meets no missing row). */
export async function listTables(run: RunSql): Promise<Table[]> {
  const columns = await run(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS name, c.data_type AS type,
            c.is_generated = 'ALWAYS' AS generated, coalesce(c.identity_generation = 'ALWAYS', false) AS identity_always
       FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE t.table_type = 'BASE TABLE' AND c.table_schema IN ${SCHEMAS}
      ORDER BY c.table_schema, c.table_name, c.ordinal_position`,
  );
  const references = await run(
    `SELECT cn.nspname || '.' || c.relname AS child, pn.nspname || '.' || p.relname AS parent,
            (SELECT a.attname FROM pg_attribute a WHERE a.attrelid = k.conrelid AND a.attnum = k.conkey[1]) AS column
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
       JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = p.relnamespace
      WHERE k.contype = 'f' AND cn.nspname IN ${SCHEMAS}`,
  );
  const tables = new Map<string, Table>();
  for (const row of columns) {
    const name = `${row.schema}.${row.table}`;
    const table = tables.get(name) ?? { sql: `${quote(String(row.schema))}.${quote(String(row.table))}`, name, columns: [], selfReferences: [] };
    table.columns.push({ name: String(row.name), type: String(row.type), generated: row.generated === true, identityAlways: row.identity_always === true });
    tables.set(name, table);
  }
  const parents = new Map<string, Set<string>>([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const { child, parent, column } of references) {
    if (child === parent) tables.get(String(child))?.selfReferences.push(String(column));
    else parents.get(String(child))?.add(String(parent));
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`The tables ${path.join(' → ')} refer to each other in a circle: they cannot be copied in order.`);
    for (const parent of [...(parents.get(name) ?? [])].sort()) place(parent, [...path, name]);
    placed.add(name);
    ordered.push(tables.get(name)!);
  };
  for (const name of [...tables.keys()].sort()) place(name, []);
  return ordered;
}

export interface TableContents {
  rows: number;
  /** The sum of each integer column (money, quantities, counters), as text: exact at any size. */
  sums: Record<string, string>;
  /** Which of those columns hold bani (isMoney). */
  money: string[];
  /** md5 of every row's text, sorted: any changed value, anywhere, changes it. */
  digest: string;
  /** The same of each column's values: names the column that differs. */
  columns: Record<string, string>;
}

export interface Contents {
  tables: Record<string, TableContents>;
  /** The number each invoice series gives next (invoice_counters). */
  nextInvoice: Record<string, number>;
  /** Each uploaded product image's SHA-256. */
  images: Record<string, string>;
  /** Each sequence's last value (order numbers, identity columns). */
  sequences: Record<string, string>;
}

/** Settings that change how values print as text: the same on both sides, so equal rows print equally. */
export async function sameTextOutput(run: RunSql) {
  for (const setting of ["TimeZone = 'UTC'", "DateStyle = 'ISO, MDY'", "IntervalStyle = 'postgres'", 'extra_float_digits = 1', "bytea_output = 'hex'"]) {
    await run(`SET ${setting}`);
  }
}

/** Reads what `run`'s database holds (run it inside one transaction, or on a database nothing writes). */
export async function readContents(run: RunSql): Promise<Contents> {
  await sameTextOutput(run);
  const tables: Record<string, TableContents> = {};
  for (const table of await listTables(run)) {
    const columns = table.columns.filter(isCopied);
    const summed = columns.filter((column) => INTEGER_TYPES.has(column.type));
    const digest = (text: string) => `coalesce(md5(string_agg(${text}, E'\\n' ORDER BY ${text} COLLATE "C")), '')`;
    const [result] = await run(
      `SELECT count(*)::text AS rows, ${digest(`ROW(${columns.map((column) => quote(column.name)).join(', ')})::text`)} AS digest
              ${summed.map((column, index) => `, coalesce(sum(${quote(column.name)}), 0)::text AS s${index}`).join('')}
              ${columns.map((column, index) => `, ${digest(`coalesce(${quote(column.name)}::text, 'NULL')`)} AS c${index}`).join('')}
         FROM ${table.sql}`,
    );
    tables[table.name] = {
      rows: Number(result!.rows),
      sums: Object.fromEntries(summed.map((column, index) => [column.name, String(result![`s${index}`])])),
      money: summed.filter(isMoney).map((column) => column.name),
      digest: String(result!.digest),
      columns: Object.fromEntries(columns.map((column, index) => [column.name, String(result![`c${index}`])])),
    };
  }
  const nextInvoice = Object.fromEntries((await run('SELECT series, "last" + 1 AS next FROM public.invoice_counters ORDER BY series')).map((row) => [String(row.series), Number(row.next)]));
  const images = Object.fromEntries(
    (await run(`SELECT name AS id, encode(sha256(data), 'hex') AS sha256 FROM public.product_images ORDER BY name`)).map((row) => [String(row.id), String(row.sha256)]),
  );
  const sequences = Object.fromEntries(
    (await run(`SELECT schemaname || '.' || sequencename AS name, coalesce(last_value::text, '') AS value FROM pg_sequences WHERE schemaname IN ${SCHEMAS} ORDER BY 1`)).map((row) => [
      String(row.name),
      String(row.value),
    ]),
  );
  return { tables, nextInvoice, images, sequences };
}

/** Every way `copy` differs from `original`, in words; none when the copy is whole. */
export function differences(original: Contents, copy: Contents): string[] {
  const found: string[] = [];
  const compare = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) found.push(`${what}: ${JSON.stringify(a) ?? 'missing'} in the original, ${JSON.stringify(b) ?? 'missing'} in the copy`);
  };
  for (const name of new Set([...Object.keys(original.tables), ...Object.keys(copy.tables)])) {
    const [a, b] = [original.tables[name], copy.tables[name]];
    if (!a || !b) compare(`table ${name}`, a?.rows, b?.rows);
    else {
      compare(`${name} rows`, a.rows, b.rows);
      for (const column of Object.keys(a.sums)) compare(`${name} sum of ${column}`, a.sums[column], b.sums[column]);
      if (a.rows === b.rows && a.digest !== b.digest) {
        const columns = Object.keys(a.columns).filter((column) => a.columns[column] !== b.columns[column]);
        found.push(`${name}: the values of ${columns.length ? columns.join(', ') : 'some rows'} differ`);
      }
    }
  }
  compare('next invoice numbers', original.nextInvoice, copy.nextInvoice);
  for (const id of new Set([...Object.keys(original.images), ...Object.keys(copy.images)])) compare(`image ${id}`, original.images[id], copy.images[id]);
  compare('sequences', original.sequences, copy.sequences);
  return found;
}

/** What a copy or a backup holds, in a few lines for the owner: rows per table, and the money in RON. */
export function describeContents(contents: Contents): string[] {
  const tables = Object.entries(contents.tables).filter(([name]) => name.startsWith('public.'));
  const lines = tables
    .filter(([, table]) => table.rows > 0)
    .map(([name, table]) => {
      const sums = table.money.map((column) => `${column} ${toDecimalString(Number(table.sums[column]))} ${CURRENCY}`);
      return `  ${name.slice('public.'.length)}: ${table.rows} row${table.rows === 1 ? '' : 's'}${sums.length ? ` (${sums.join(', ')})` : ''}`;
    });
  const empty = tables.length - lines.length;
  const next = Object.entries(contents.nextInvoice).map(([series, number]) => `${series} ${number}`);
  return [
    ...lines,
    ...(empty ? [`  ${empty} other tables: empty`] : []),
    `  next invoice: ${next.length ? next.join(', ') : 'none issued yet'}`,
    `  images: ${Object.keys(contents.images).length}, each byte checked`,
  ];
}
