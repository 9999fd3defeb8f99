/**
 * The ceiling for POST /api/orders (benchWeb.ts): the transaction the shop runs for a guest cash
 * order, as plain SQL on the pg driver, with no HTTP, no validation and no query builder: begin,
 * read the products, insert the order (its idempotency key), its lines, event and mails in one
 * statement, count the visitor's rate limits, commit. Named (prepared) statements. The same
 * pool size and concurrency, each order from its own visitor (their rate limit keys too). Run in
 * its own process (pinned to the shop's core); DATABASE_URL names a migrated, seeded database.
 * Prints its result as JSON.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { orderVat, STANDARD_VAT_RATE } from '../domain/vat';
import { runConcurrently, visitorOrder } from './orderLoad';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 20);
const WINDOW_SECONDS = 600;

const SELECT_PRODUCTS = 'select id, name, price, stock, active, colour_options from products where id = any($1)';
const INSERT_ORDER = `insert into orders (status, payment_method, first_name, last_name, email, country, county, city, street, street_number,
  postal_code, phone_number, subtotal, shipping, total_amount, currency, user_id, idempotency_key, request_hash, shipping_vat_rate, shipping_vat)
  values ('pending', $1, $2, $3, $4, $5, $18, $6, $7, $8, $9, $10, $11, $12, $13, 'RON', null, $14, $15, $16, $17)
  on conflict (idempotency_key) do nothing returning id, number`;
/** Its lines, first event and two mails, in one statement: what one plain SQL round trip can do. */
const INSERT_LINES_EVENT_MAILS = `with lines as (
    insert into order_lines (order_id, product_id, name, unit_price, quantity, stock_taken, colour, colour_stock_taken, vat_rate, vat_amount)
    select $1::uuid, * from unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::text[], $8::int[], $10::int[], $11::int[])),
  event as (insert into order_events (order_id, actor, from_status, to_status) values ($1, 'customer', null, 'pending'))
  insert into outbox (kind, recipient, order_id) values ('order_placed', $9, $1), ('new_order', 'owners', $1)`;
const COUNT_HITS = `insert into rate_limits (key, count, window_start, expires_at)
  select key, 1, now(), now() + make_interval(secs => $2) from unnest($1::text[]) as key
  on conflict (key) do update set
    count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
    window_start = case when rate_limits.expires_at <= now() then now() else rate_limits.window_start end,
    expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
  returning key, count, greatest(1, ceil(extract(epoch from (expires_at - now()))))::int as seconds_left`;

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });

async function placeOne(): Promise<boolean> {
  const { request, body, ip } = visitorOrder();
  const client = await pool.connect();
  try {
    await client.query('begin');
    const products = await client.query({ name: 'products', text: SELECT_PRODUCTS, values: [request.lines.map((line) => line.productId)] });
    const byId = new Map(products.rows.map((row) => [row.id as string, row]));
    const lines = request.lines.map((line) => ({ ...line, name: byId.get(line.productId).name as string, unitPrice: byId.get(line.productId).price as number }));
    const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    const shipping = 0;
    const vat = orderVat(lines, shipping, STANDARD_VAT_RATE);
    const r = request;
    const order = await client.query({
      name: 'order',
      text: INSERT_ORDER,
      values: [r.paymentMethod, r.firstName, r.lastName, r.email, r.country, r.city, r.street, r.streetNumber, r.postalCode, r.phoneNumber, subtotal, shipping, subtotal + shipping, r.idempotencyKey, hash(body), STANDARD_VAT_RATE, vat.shipping, r.county],
    });
    const { id } = order.rows[0];
    await client.query({
      name: 'lines',
      text: INSERT_LINES_EVENT_MAILS,
      values: [id, lines.map((l) => l.productId), lines.map((l) => l.name), lines.map((l) => l.unitPrice), lines.map((l) => l.quantity), lines.map(() => 0), lines.map((l) => ('colour' in l ? l.colour : null)), lines.map(() => 0), r.email, lines.map(() => STANDARD_VAT_RATE), vat.lines],
    });
    const keys = [`order:ip:${hash(ip)}`, `order:email:${hash(r.email)}`, `order:phone:${hash(r.phoneNumber.slice(-9))}`].sort();
    await client.query({ name: 'hits', text: COUNT_HITS, values: [keys, WINDOW_SECONDS] });
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

try {
  await runConcurrently(Math.min(500, ORDERS), CONCURRENCY, placeOne);
  const before = process.cpuUsage();
  const result = await runConcurrently(ORDERS, CONCURRENCY, placeOne);
  const used = process.cpuUsage(before);
  console.log(JSON.stringify({ ...result, cpuPerOrder: (used.user + used.system) / 1000 / ORDERS }));
} finally {
  await pool.end();
}
