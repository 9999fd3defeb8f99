/** The owner's orders through the back office's API: the list, its CSV, one order, and moving it on (orders/ownerList.ts, ownerOrder.ts). */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { discountCodes } from '../../../db/schema/discounts';
import { invoices } from '../../../db/schema/invoices';
import { orderEvents, orders } from '../../../db/schema/orders';
import { setUpTestApp, signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { ownerApi } from '../../../testing/ownerApi';

const shop = setUpTestApp();

let owner: { id: string; email: string; cookie: string };

beforeAll(async () => {
  owner = await signUpOwner(shop.app, shop.database.db);
});

beforeEach(async () => {
  // Invoices first: an order that has one cannot be deleted.
  await shop.database.db.delete(invoices);
  await shop.database.db.delete(orders);
});

const { get, post, place, version } = ownerApi(shop, () => owner);

describe('GET /api/admin/orders', () => {
  it('lists orders newest first with the list’s columns, and where the live stream stands', async () => {
    const first = await place({ firstName: 'Ioana', lastName: 'Ștefănescu', city: 'Brașov', county: 'BV', postalCode: '500030' });
    const second = await place();
    const response = await get('/api/admin/orders');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.orders.map((order: { id: string }) => order.id)).toEqual([second.id, first.id]);
    expect(body.orders[1]).toEqual({
      id: first.id,
      number: first.number,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      firstName: 'Ioana',
      lastName: 'Ștefănescu',
      email: 'ana@example.ro',
      phoneNumber: '+40712345678',
      city: 'Brașov',
      county: 'BV',
      total: 2 * 3999 + 2499 + 1999,
      paymentMethod: 'cod',
      status: 'pending',
      version: 1,
      withdrawalRequestedAt: null,
      returnedBefore: false,
      customerConfirmedAt: null,
    });
    expect(body.nextCursor).toBeNull();
    expect(body.liveCursor).toMatch(/^\d+-\d+$/);
  });

  it('pages by keyset: every order exactly once, also when several share the same time', async () => {
    const placed = [];
    for (let i = 0; i < 7; i += 1) placed.push(await place());
    // Three orders at the very same microsecond: the id breaks the tie.
    await shop.database.db.update(orders).set({ createdAt: sql`'2026-01-01 10:00:00.123456+00'` }).where(sql`${orders.number} <= ${placed[2]!.number}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/api/admin/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      seen.push(...response.json().orders.map((order: { id: string }) => order.id));
      cursor = response.json().nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(new Set(seen)).toEqual(new Set(placed.map((order) => order.id)));
  });

  it('refuses a tampered cursor and bad filters with a readable 400', async () => {
    for (const query of ['cursor=bm9wZQ', 'status=lost', 'from=yesterday', 'to=2026-13-45', 'from=2026-02-30', 'to=2026-04-31', `q=${'x'.repeat(101)}`, 'q=a%00b', 'limit=0', 'limit=abc']) {
      const response = await get(`/api/admin/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^[A-Z]|^limit/);
    }
  });

  it('filters by status and by Bucharest days', async () => {
    const late = await place();
    const early = await place();
    const confirmed = await place();
    // 23:30 UTC on 1 March is already 2 March in Bucharest (UTC+2).
    await shop.database.db.update(orders).set({ createdAt: sql`'2026-03-01 23:30:00+00'` }).where(eq(orders.id, late.id));
    await shop.database.db.update(orders).set({ createdAt: sql`'2026-03-01 21:30:00+00'` }).where(eq(orders.id, early.id));
    expect((await post(`/api/admin/orders/${confirmed.id}/status`, { to: 'confirmed', version: 1 })).statusCode).toBe(200);
    const ids = async (query: string) => (await get(`/api/admin/orders?${query}`)).json().orders.map((order: { id: string }) => order.id);
    expect(await ids('status=confirmed')).toEqual([confirmed.id]);
    expect(await ids('from=2026-03-02&to=2026-03-02')).toEqual([late.id]);
    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([early.id]);
    expect(await ids('to=2026-03-02')).toEqual([late.id, early.id]);
    expect(await ids('from=2026-03-03&status=pending')).toEqual([]);
  });

  it('searches by order number, id prefix, first or last name, email and phone', async () => {
    const ana = await place({ firstName: 'Ana', lastName: 'Popescu', email: 'ana.p@example.ro', phoneNumber: '0712 345 678' });
    const ion = await place({ firstName: 'Ion', lastName: 'Anastasiu', email: 'ion@mail.ro', phoneNumber: '+40 (723) 000-111' });
    const mara = await place({ firstName: 'Mara', lastName: 'Ionescu', email: 'MARA@Example.ro', phoneNumber: '0745999888' });
    const search = async (q: string) =>
      (await get(`/api/admin/orders?q=${encodeURIComponent(q)}`))
        .json()
        .orders.map((order: { id: string }) => order.id)
        .sort();
    const sorted = (...ids: string[]) => ids.sort();
    expect(await search(String(ion.number))).toEqual([ion.id]);
    expect(await search(`#${mara.number}`)).toEqual([mara.id]);
    expect(await search(ana.id.slice(0, 8))).toEqual([ana.id]);
    expect(await search(ana.id.slice(0, 13).toUpperCase())).toEqual([ana.id]);
    expect(await search('ana')).toEqual(sorted(ana.id, ion.id)); // Ana, and Anastasiu
    expect(await search('ION')).toEqual(sorted(ion.id, mara.id)); // Ion, and Ionescu, and ion@
    expect(await search('ana pop')).toEqual([ana.id]);
    expect(await search('mara@example')).toEqual([mara.id]);
    expect(await search('0723 000 111')).toEqual([ion.id]);
    expect(await search('+40712345678')).toEqual([ana.id]);
    expect(await search('40745999888')).toEqual([mara.id]);
    expect(await search('a_a')).toEqual([]); // _ and % are letters here, not wildcards
    expect(await search('%')).toEqual([]);
  });
});

describe('GET /api/admin/orders.csv', () => {
  it('exports the filtered orders for the courier: BOM, CRLF, quoting, formulas neutralised, diacritics kept', async () => {
    await place({ firstName: '=HYPERLINK("http://x")', lastName: 'Țăranu', street: 'Strada Lungă, bloc 3', city: 'Iași' });
    const card = await place();
    await shop.database.db.update(orders).set({ paymentMethod: 'card', status: 'paid' }).where(eq(orders.id, card.id));
    const response = await get('/api/admin/orders.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Order number,Date,Name,Phone,Email,Street,Street number,Address line 2,City,County,Postal code,Country,Subtotal (RON),Discount code,Discount (RON),Shipping (RON),Total (RON),Cash to collect (RON),Payment method,Status,Items',
    );
    // Newest first: the paid card order, nothing to collect.
    expect(lines[1]).toMatch(/,\d+\.\d\d,0\.00,Card,Paid,Dummy Lighter \(Black\) × 2; Dummy Phone Charger × 1$/);
    expect(lines[2]).toContain(
      `"'=HYPERLINK(""http://x"") Țăranu",0712345678,ana@example.ro,"Strada Lungă, bloc 3",28,,Iași,Cluj,400114,Romania,104.97,,0.00,19.99,124.96,124.96,Cash on delivery,Pending,`,
    );
    expect(lines[2]).toMatch(/^\d{5},\d{4}-\d\d-\d\d \d\d:\d\d,/);

    const filtered = await get('/api/admin/orders.csv?status=paid');
    expect(filtered.rawPayload.toString('utf8').split('\r\n')).toHaveLength(3);
  });

  it('has an order’s discount code and discount between its subtotal and its shipping, adding up to its total', async () => {
    await shop.database.db.insert(discountCodes).values({ code: 'CSV10', kind: 'percent', value: 10 });
    await place({ discountCode: 'csv10' });
    const [, line] = (await get('/api/admin/orders.csv')).body.split('\r\n');
    // 104.97 less 10% (10.50), plus 19.99 shipping: 114.46, all of it to collect.
    expect(line).toContain(',Romania,104.97,CSV10,10.50,19.99,114.46,114.46,Cash on delivery,Pending,');
  });

  it('exports every matching order, past one batch', async () => {
    await shop.database.db.execute(sql`
      insert into orders (status, payment_method, first_name, last_name, email, country, city, street, street_number, postal_code, phone_number, subtotal, shipping, total_amount, idempotency_key, request_hash, shipping_vat_rate, shipping_vat)
      select 'pending', 'cod', 'Bulk', 'Order', 'bulk@example.ro', 'Romania', 'Cluj', 'Str', '1', '400000', '0712345678', 100, 0, 100, 'bulk-' || n, 'h', 2100, 0
      from generate_series(1, 1203) as n`);
    const response = await get('/api/admin/orders.csv');
    const lines = response.rawPayload.toString('utf8').split('\r\n');
    expect(lines).toHaveLength(1203 + 2);
    // Orders placed before counties were asked: an empty county.
    expect(lines[1]).toContain(',Str,1,,Cluj,,400000,Romania,');
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('answers the whole order with its timeline', async () => {
    const { id, number } = await place();
    const response = await get(`/api/admin/orders/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      number,
      status: 'pending',
      firstName: 'Ana',
      phoneNumber: '+40712345678',
      county: 'CJ',
      postalCode: '400114',
      street: 'Strada Memorandumului',
      lines: [
        { name: 'Dummy Lighter', unitPrice: 3999, quantity: 2 },
        { name: 'Dummy Phone Charger', unitPrice: 2499, quantity: 1 },
      ],
      subtotal: 10497,
      shipping: 1999,
      total: 12496,
      paidAt: null,
      carrier: null,
      trackingNumber: null,
      cancelReason: null,
      version: 1,
      events: [{ actor: 'customer', ownerEmail: null, from: null, to: 'pending', note: null }],
    });
  });

  it('answers an order placed before counties were asked, without a county', async () => {
    const { id } = await place();
    await shop.database.db.update(orders).set({ county: null }).where(eq(orders.id, id));
    const response = await get(`/api/admin/orders/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, county: null, postalCode: '400114', city: 'Cluj-Napoca' });
  });

  it('answers 404 for an unknown order and 400 for something that is not an id', async () => {
    expect((await get(`/api/admin/orders/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/admin/orders/10001')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/orders/:id/status', () => {
  it('runs a cash order to delivery: each step bumps the version and lands in the timeline with the owner', async () => {
    const { id } = await place();
    let response = await post(`/api/admin/orders/${id}/status`, { to: 'confirmed', version: 1, note: 'Phoned, all good' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'confirmed', version: 2 });
    response = await post(`/api/admin/orders/${id}/status`, { to: 'shipped', version: 2, carrier: 'Sameday', trackingNumber: 'AWB123456' });
    expect(response.json()).toMatchObject({ status: 'shipped', carrier: 'Sameday', trackingNumber: 'AWB123456', version: 3 });
    response = await post(`/api/admin/orders/${id}/status`, { to: 'delivered', version: 3 });
    const order = response.json();
    expect(order.status).toBe('delivered');
    expect(
      order.events.map((event: { from: string | null; to: string; actor: string; ownerEmail: string | null; note: string | null }) => [
        event.from,
        event.to,
        event.actor,
        event.ownerEmail,
        event.note,
      ]),
    ).toEqual([
      [null, 'pending', 'customer', null, null],
      ['pending', 'confirmed', 'owner', owner.email, 'Phoned, all good'],
      ['confirmed', 'shipped', 'owner', owner.email, null],
      ['shipped', 'delivered', 'owner', owner.email, null],
    ]);
    // The customer's view shows the carrier too.
    const mine = await shop.app.inject({ method: 'GET', url: `/api/orders/${id}?email=ana@example.ro` });
    expect(mine.json()).toMatchObject({ status: 'delivered', carrier: 'Sameday', trackingNumber: 'AWB123456' });
  });

  it('refuses a change the form would refuse with the same message, in the owner’s language, and changes nothing', async () => {
    const { id } = await place();
    const ask = (payload: unknown, language: string) =>
      shop.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, payload: payload as object, headers: { cookie: owner.cookie, origin: TEST_ORIGIN, 'accept-language': language } });
    const noCarrier = { to: 'shipped', version: 1, trackingNumber: 'AWB1' };
    expect((await ask(noCarrier, 'en')).json()).toMatchObject({ message: 'Carrier is required.' });
    expect((await ask(noCarrier, 'ro-RO')).json()).toMatchObject({ message: 'Completează câmpul „Curier”.' });
    const longTracking = { to: 'shipped', version: 1, carrier: 'DPD', trackingNumber: 'A'.repeat(61) };
    expect((await ask(longTracking, 'ro-RO')).json().message).toBe('Câmpul „Număr de urmărire” este prea lung (cel mult 60 de caractere).');
    expect((await ask({ to: 'paid', version: 1 }, 'ro-RO')).json().message).toBe('Alege ce se întâmplă cu comanda: confirmată, expediată, livrată, anulată sau returnată.');
    expect((await ask({ to: 'confirmed' }, 'ro-RO')).json().message).toBe('Lipsește versiunea comenzii.');
    expect(await version(id)).toBe(1);
  });

  it('cancels with a reason and puts the stock back', async () => {
    await shop.database.db.update(products).set({ stock: 10 }).where(eq(products.id, '1'));
    try {
      const { id } = await place();
      const response = await post(`/api/admin/orders/${id}/status`, { to: 'cancelled', version: 1, reason: 'Customer changed their mind' });
      expect(response.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Customer changed their mind' });
      const [product] = await shop.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, '1'));
      expect(product!.stock).toBe(10);
    } finally {
      await shop.database.db.update(products).set({ stock: null }).where(eq(products.id, '1'));
    }
  });

  it('answers 409 with a readable message for a move the flow does not allow, and changes nothing', async () => {
    const { id } = await place();
    await post(`/api/admin/orders/${id}/status`, { to: 'confirmed', version: 1 });
    await post(`/api/admin/orders/${id}/status`, { to: 'shipped', version: 2, carrier: 'DPD', trackingNumber: 'X1' });
    const cancel = await post(`/api/admin/orders/${id}/status`, { to: 'cancelled', version: 3, reason: 'Too late' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'not_allowed', message: 'This order is shipped: it can no longer be cancelled.' });
    const other = await place();
    const ship = await post(`/api/admin/orders/${other.id}/status`, { to: 'shipped', version: 1, carrier: 'DPD', trackingNumber: 'X2' });
    expect(ship.json().message).toBe('This order is pending: it cannot be shipped yet.');
    expect(await version(id)).toBe(3);
    expect(await version(other.id)).toBe(1);
  });

  it('two tabs change the same order at once: one wins, the other gets 409 with the status now, never an overwrite', async () => {
    const { id } = await place();
    const [a, b] = await Promise.all([
      post(`/api/admin/orders/${id}/status`, { to: 'confirmed', version: 1 }),
      post(`/api/admin/orders/${id}/status`, { to: 'cancelled', version: 1, reason: 'Duplicate order' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 200 ? a : b;
    const now = winner.json().status === 'confirmed' ? 'Confirmed' : 'Cancelled';
    expect(loser.json()).toMatchObject({ code: 'stale', message: `This order was changed meanwhile (now: ${now}). Look at it again before changing it.` });
    const [events] = await shop.database.db.select({ n: count() }).from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events!.n).toBe(2);
  });

  it('answers 404 for an unknown order', async () => {
    const response = await post(`/api/admin/orders/${randomUUID()}/status`, { to: 'confirmed', version: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such order.');
  });
});
