import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../testing/migrations';

/**
 * Orders placed before VAT was stored stay readable: the migration that adds the VAT columns gives
 * their lines and shipping the standard rate of their date (19% before 1 August 2025, 21% since) and
 * the VAT extracted from each amount, as domain/vat does for new orders.
 */
const vatMigration = migrationUnderTest('order_vat');

const client = new PGlite();
afterAll(() => client.close());

async function placedAt(createdAt: string, shipping: number, lines: [number, number][]): Promise<string> {
  const subtotal = lines.reduce((sum, [price, quantity]) => sum + price * quantity, 0);
  const { rows } = await client.query<{ id: string }>(
    `insert into orders (status, payment_method, first_name, last_name, email, country, city, street, street_number, postal_code, phone_number,
       subtotal, shipping, total_amount, idempotency_key, request_hash, created_at)
     values ('delivered', 'cod', 'Ana', 'Pop', 'ana@example.ro', 'Romania', 'Cluj', 'Str', '1', '400000', '0712345678', $1, $2, $3, $4, 'h', $5) returning id`,
    [subtotal, shipping, subtotal + shipping, createdAt, createdAt],
  );
  const id = rows[0]!.id;
  for (const [price, quantity] of lines) {
    await client.query(`insert into order_lines (order_id, product_id, name, unit_price, quantity) values ($1, null, 'Dummy Lighter', $2, $3)`, [id, price, quantity]);
  }
  return id;
}

describe('the order VAT migration', () => {
  it('gives orders from before it the rate of their date and the VAT in each amount', async () => {
    await vatMigration.before(client);

    const before = await placedAt('2025-07-31T20:59:59Z', 1999, [[3999, 2]]); // 23:59:59 on 31 July in Bucharest
    const after = await placedAt('2025-07-31T21:00:00Z', 1999, [
      [3999, 2],
      [2499, 1],
    ]);
    const free = await placedAt('2026-01-10T10:00:00Z', 0, [[6499, 4]]);

    await vatMigration.apply(client);

    const orders = await client.query<{ id: string; shipping_vat_rate: number; shipping_vat: number }>('select id, shipping_vat_rate, shipping_vat from orders');
    const lines = await client.query<{ order_id: string; vat_rate: number; vat_amount: number }>('select order_id, vat_rate, vat_amount from order_lines order by id');
    const of = (id: string) => ({
      shipping: orders.rows.filter((row) => row.id === id).map((row) => [row.shipping_vat_rate, row.shipping_vat]),
      lines: lines.rows.filter((row) => row.order_id === id).map((row) => [row.vat_rate, row.vat_amount]),
    });
    // 19%: 79.98 × 19/119 = 12.77; 19.99 → 3.19
    expect(of(before)).toEqual({ shipping: [[1900, 319]], lines: [[1900, 1277]] });
    // 21%: 79.98 → 13.88, 24.99 → 4.34, 19.99 → 3.47
    expect(of(after)).toEqual({
      shipping: [[2100, 347]],
      lines: [
        [2100, 1388],
        [2100, 434],
      ],
    });
    // 4 × 64.99 = 259.96 → 45.12; free shipping, no VAT
    expect(of(free)).toEqual({ shipping: [[2100, 0]], lines: [[2100, 4512]] });
  });
});
