import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../../db/schema/invoices';
import { orders } from '../../../db/schema/orders';
import { ublXml } from '../../../domain/ubl';
import { setUpTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { cachedSchematron, efacturaProblems } from '../invoices/validation';

// Issue 46: a block address's second line (bloc, scară, etaj, apartament) travels with the order, on both databases.

const shop = setUpTestApp();
let headers: { cookie: string; origin: string };
const BLOCK = 'bl. A3, sc. 2, et. 4, ap. 14';

beforeAll(async () => {
  headers = { cookie: (await signUpOwner(shop.app, shop.database.db)).cookie, origin: TEST_ORIGIN };
  cachedSchematron();
}, 300_000);

async function place(overrides: Record<string, unknown>) {
  const answer = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: `block-${Date.now()}-${Math.random()}@example.ro`, ...overrides }) });
  return answer;
}

describe('a block address', () => {
  it('is accepted with the order, with a number written as Romanian addresses write it, and kept trimmed', async () => {
    const answer = await place({ streetNumber: '12-14', addressLine2: `  ${BLOCK} ` });
    expect(answer.statusCode, answer.body).toBe(201);
    const { id, accessToken } = answer.json() as { id: string; accessToken: string };
    const [row] = await shop.database.db.select({ streetNumber: orders.streetNumber, addressLine2: orders.addressLine2 }).from(orders).where(eq(orders.id, id));
    expect(row).toEqual({ streetNumber: '12-14', addressLine2: BLOCK });
    // The customer's and the owner's views of the order carry it.
    expect((await shop.app.inject({ url: `/api/orders/${id}?token=${accessToken}` })).json()).toMatchObject({ streetNumber: '12-14', addressLine2: BLOCK });
    expect((await shop.app.inject({ url: `/api/admin/orders/${id}`, headers })).json()).toMatchObject({ addressLine2: BLOCK });
    for (const number of ['12A', 'FN']) expect((await place({ streetNumber: number })).statusCode).toBe(201);
  });

  it('is optional: blank or absent is none', async () => {
    for (const addressLine2 of ['', '   ', null, undefined]) {
      const answer = await place({ addressLine2 });
      expect(answer.statusCode, answer.body).toBe(201);
      const [row] = await shop.database.db.select({ addressLine2: orders.addressLine2 }).from(orders).where(eq(orders.id, answer.json().id));
      expect(row!.addressLine2).toBeNull();
    }
  });

  it('refuses a second line that is too long or not text, writing nothing', async () => {
    const count = async () => (await shop.database.db.select({ id: orders.id }).from(orders)).length;
    const before = await count();
    const long = await place({ addressLine2: 'x'.repeat(101) });
    expect([long.statusCode, long.json().message]).toEqual([400, 'Block, staircase, floor, apartment is too long (at most 100 characters).']);
    expect((await place({ addressLine2: 14 })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('is in the CSV, and in the invoice as its AdditionalStreetName, valid for e-Factura', async () => {
    const answer = await place({ addressLine2: BLOCK });
    const { id, number } = answer.json() as { id: string; number: number };
    for (const [to, extra] of [
      ['confirmed', {}],
      ['shipped', { carrier: 'Sameday', trackingNumber: `BL-${number}` }],
    ] as const) {
      const { version } = (await shop.app.inject({ url: `/api/admin/orders/${id}`, headers })).json();
      expect((await shop.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: { to, version, ...extra }, headers })).statusCode).toBe(200);
    }
    const csv = (await shop.app.inject({ url: '/api/admin/orders.csv', headers })).body.split('\r\n');
    expect(csv.find((line) => line.startsWith(`${number},`))).toContain(`,"${BLOCK}",`);
    const [invoice] = await shop.database.db.select().from(invoices).where(eq(invoices.orderId, id));
    const xml = ublXml(invoice!.document);
    expect(xml).toContain(`<cbc:StreetName>Strada Memorandumului 28</cbc:StreetName><cbc:AdditionalStreetName>${BLOCK}</cbc:AdditionalStreetName>`);
    expect(await efacturaProblems(xml, 'invoice')).toEqual([]);
  });
});
