import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../testing/migrations';

/**
 * Withdrawals asked for before issue 45 lived on their order (one per order, of the whole order): the migration makes
 * each one a withdrawal of all the order's lines, with the customer's words and IBAN, and empties the order's copies.
 */
const migration = migrationUnderTest('withdrawals_by_line');

const client = new PGlite();
afterAll(() => client.close());

async function order(withdrawal: { at: string; note: string | null; iban: string | null } | null): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into orders (status, payment_method, first_name, last_name, email, country, city, street, street_number, postal_code, phone_number,
       subtotal, shipping, shipping_vat_rate, shipping_vat, total_amount, idempotency_key, request_hash, withdrawal_requested_at, withdrawal_note, withdrawal_iban)
     values ('delivered', 'cod', 'Ana', 'Pop', 'ana@example.ro', 'Romania', 'Cluj', 'Str', '1', '400000', '0712345678', 11997, 0, 2100, 0, 11997,
       gen_random_uuid()::text, 'h', $1, $2, $3) returning id`,
    [withdrawal?.at ?? null, withdrawal?.note ?? null, withdrawal?.iban ?? null],
  );
  const id = rows[0]!.id;
  for (const [name, quantity] of [
    ['Dummy Lighter', 2],
    ['Dummy Key', 1],
  ] as const) {
    await client.query(`insert into order_lines (order_id, name, unit_price, quantity, vat_rate, vat_amount) values ($1, $2, 3999, $3, 2100, 694)`, [id, name, quantity]);
  }
  return id;
}

describe('the withdrawals migration', () => {
  it('makes each order’s withdrawal a withdrawal of all its lines, and empties the order’s note and IBAN', async () => {
    await migration.before(client);
    const asked = await order({ at: '2026-11-20T10:00:00Z', note: 'Products: Dummy Lighter · Reason: too big', iban: 'RO49AAAA1B31007593840000' });
    const quiet = await order({ at: '2026-11-21T10:00:00Z', note: null, iban: null });
    const none = await order(null);

    await migration.apply(client);

    const { rows } = await client.query<{ order_id: string; stated_at: Date; reason: string | null; iban: string | null; status: string; units: string; lines: string }>(
      `select w.order_id, w.stated_at, w.reason, w.iban, w.status, sum(l.quantity)::text as units, count(l.*)::text as lines
       from withdrawals w join withdrawal_lines l on l.withdrawal_id = w.id group by w.id`,
    );
    expect(rows.map((row) => row.order_id).sort()).toEqual([asked, quiet].sort());
    const of = (id: string) => rows.find((row) => row.order_id === id)!;
    expect(of(asked)).toMatchObject({ reason: 'Products: Dummy Lighter · Reason: too big', iban: 'RO49AAAA1B31007593840000', status: 'requested', units: '3', lines: '2' });
    expect(of(asked).stated_at.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(of(quiet)).toMatchObject({ reason: null, iban: null, units: '3' });
    const left = await client.query<{ n: string }>(`select count(*)::text as n from orders where withdrawal_note is not null or withdrawal_iban is not null`);
    expect(left.rows[0]!.n).toBe('0');
    expect(none).toBeTruthy();
  });
});
