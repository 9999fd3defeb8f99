/**
 * The ceiling for POST /api/orders (benchWeb.ts): the transaction the shop runs for a guest cash
 * order, as plain SQL on the pg driver, with no HTTP, no validation and no query builder: begin,
 * read the products, insert the order (its idempotency key), its lines, event and mails and count the visitor's
 * rate limits in one statement, commit. Named (prepared) statements. The same
 * pool size and concurrency, each order from its own visitor (their rate limit keys too). Run in
 * its own process (pinned to the shop's core); DATABASE_URL names a migrated, seeded database.
 * Prints its result as JSON.
 *
 * With PORT, it is instead the same transaction behind a bare node:http server on 127.0.0.1:PORT: POST /api/orders,
 * the body read and JSON.parse'd, no validation, no framework, answered 201 with the order's id and number. Driven by
 * the shop's load generator (orderLoad.ts), it tells what HTTP and the load generator cost on this machine, apart
 * from what the shop adds to them.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { orderVat, STANDARD_VAT_RATE } from '../domain/vat';
import { runConcurrently, type VisitorOrder, visitorOrder } from './orderLoad';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 20);
const WINDOW_SECONDS = 600;
/** ORDER_LIMITS=off: as the shop with its order limits off (benchOrders.ts), no rate limit is counted. */
const LIMITS_ON = process.env.ORDER_LIMITS !== 'off';

const SELECT_PRODUCTS = 'select id, name, price, stock, active, colour_options from products where id = any($1)';
/** The order, its lines, first event, two mails and the visitor's rate limits, in one statement, as the shop writes them. */
const INSERT_ORDER_WITH_ROWS = `with placed as (
    insert into orders (status, payment_method, first_name, last_name, email, country, county, city, street, street_number,
      postal_code, phone_number, subtotal, shipping, total_amount, currency, user_id, idempotency_key, request_hash, shipping_vat_rate, shipping_vat)
    values ('pending', $1, $2, $3, $4, $5, $18, $6, $7, $8, $9, $10, $11, $12, $13, 'RON', null, $14, $15, $16, $17)
    on conflict (idempotency_key) do nothing returning id, number),
  lines as (
    insert into order_lines (order_id, product_id, name, unit_price, quantity, stock_taken, colour, colour_stock_taken, vat_rate, vat_amount)
    select placed.id, line.* from placed, unnest($19::text[], $20::text[], $21::int[], $22::int[], $23::int[], $24::text[], $25::int[], $26::int[], $27::int[]) as line),
  event as (insert into order_events (order_id, actor, from_status, to_status) select placed.id, 'customer', null, 'pending' from placed),
  mails as (insert into outbox (kind, recipient, order_id) select mail.kind, mail.recipient, placed.id from placed, (values ('order_placed', $4), ('new_order', 'owners')) as mail(kind, recipient)),
  hits as (insert into rate_limits (key, count, window_start, expires_at)
    select key, 1, now(), now() + make_interval(secs => $29) from unnest($28::text[]) as key where exists (select from placed)
    on conflict (key) do update set
      count = case when rate_limits.expires_at <= now() then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.expires_at <= now() then now() else rate_limits.window_start end,
      expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
    returning key, count, greatest(1, ceil(extract(epoch from (expires_at - now()))))::int as seconds_left)
  select placed.id, placed.number, (select json_agg(hits) from hits) as hits from placed`;

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });

async function placeOne({ request, body, ip }: VisitorOrder): Promise<{ id: string; number: number }> {
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
    const keys = LIMITS_ON ? [`order:ip:${hash(ip)}`, `order:email:${hash(r.email)}`, `order:phone:${hash(r.phoneNumber.slice(-9))}`].sort() : [];
    const order = await client.query({
      name: 'order',
      text: INSERT_ORDER_WITH_ROWS,
      values: [
        ...[r.paymentMethod, r.firstName, r.lastName, r.email, r.country, r.city, r.street, r.streetNumber, r.postalCode, r.phoneNumber],
        ...[subtotal, shipping, subtotal + shipping, r.idempotencyKey, hash(body), STANDARD_VAT_RATE, vat.shipping, r.county],
        ...[lines.map((l) => l.productId), lines.map((l) => l.name), lines.map((l) => l.unitPrice), lines.map((l) => l.quantity), lines.map(() => 0)],
        ...[lines.map((l) => ('colour' in l ? l.colour : null)), lines.map(() => 0), lines.map(() => STANDARD_VAT_RATE), vat.lines, keys, WINDOW_SECONDS],
      ],
    });
    const { id, number } = order.rows[0];
    await client.query('commit');
    return { id, number };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

if (process.env.PORT) {
  http
    .createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        const ip = String(request.headers['x-forwarded-for']);
        placeOne({ request: JSON.parse(body) as VisitorOrder['request'], body, ip }).then(
          (order) => {
            const answer = JSON.stringify(order);
            response.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) }).end(answer);
          },
          () => response.writeHead(500).end(),
        );
      });
    })
    .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
  process.once('SIGTERM', () => void pool.end().then(() => process.exit(0)));
} else {
  const one = () => placeOne(visitorOrder()).then(() => true);
  try {
    await runConcurrently(Math.min(500, ORDERS), CONCURRENCY, one);
    const before = process.cpuUsage();
    const result = await runConcurrently(ORDERS, CONCURRENCY, one);
    const used = process.cpuUsage(before);
    console.log(JSON.stringify({ ...result, cpuPerOrder: (used.user + used.system) / 1000 / ORDERS }));
  } finally {
    await pool.end();
  }
}
