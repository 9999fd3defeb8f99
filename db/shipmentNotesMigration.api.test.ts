import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationUnderTest } from '../testing/migrations';

/**
 * Shipped events written before the back office showed the carrier and tracking number from the order
 * kept them in English in their note: the migration leaves only what the owner wrote after them.
 */
const migration = migrationUnderTest('shipment_notes');

const client = new PGlite();
afterAll(() => client.close());

async function shippedWith(carrier: string | null, trackingNumber: string | null, note: string | null, to = 'shipped'): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into orders (status, payment_method, first_name, last_name, email, country, city, street, street_number, postal_code, phone_number,
       subtotal, shipping, shipping_vat_rate, shipping_vat, total_amount, idempotency_key, request_hash, carrier, tracking_number)
     values ('shipped', 'cod', 'Ana', 'Pop', 'ana@example.ro', 'Romania', 'Cluj', 'Str', '1', '400000', '0712345678', 3999, 1999, 2100, 347, 5998, gen_random_uuid()::text, 'h', $1, $2) returning id`,
    [carrier, trackingNumber],
  );
  await client.query(`insert into order_events (order_id, actor, from_status, to_status, note) values ($1, 'owner', 'confirmed', $2, $3)`, [rows[0]!.id, to, note]);
  return rows[0]!.id;
}

describe('the shipment notes migration', () => {
  it('takes the carrier and tracking number out of shipped events’ notes, keeping the owner’s own words', async () => {
    await migration.before(client);

    const plain = await shippedWith('Sameday', 'AWB123456', 'Sameday, tracking number AWB123456');
    const withNote = await shippedWith('DPD', '8.1', 'DPD, tracking number 8.1. Two parcels');
    const ownNote = await shippedWith('GLS', '77', 'Left with the neighbour');
    const cancelled = await shippedWith('GLS', '78', 'GLS, tracking number 78', 'cancelled');
    const noShipment = await shippedWith(null, null, 'Sameday, tracking number X');

    await migration.apply(client);

    const { rows } = await client.query<{ order_id: string; note: string | null }>('select order_id, note from order_events');
    const noteOf = (id: string) => rows.find((row) => row.order_id === id)?.note;
    expect(noteOf(plain)).toBeNull();
    expect(noteOf(withNote)).toBe('Two parcels');
    expect(noteOf(ownNote)).toBe('Left with the neighbour');
    expect(noteOf(cancelled)).toBe('GLS, tracking number 78');
    expect(noteOf(noShipment)).toBe('Sameday, tracking number X');
  });
});
