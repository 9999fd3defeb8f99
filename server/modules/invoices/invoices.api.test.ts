import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discountCodes } from '../../../db/schema/discounts';
import { invoiceCounters, invoices } from '../../../db/schema/invoices';
import { orderLines, orders } from '../../../db/schema/orders';
import { orderRequestSchema } from '../../../domain/checkout';
import { ublXml } from '../../../domain/ubl';
import { setUpTestApp, signUpOwner, TEST_AUTH_SECRET, TEST_INVOICING, TEST_ORIGIN } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { orderAccessToken } from '../orders/accessToken';
import { placeOrder } from '../orders/place';
import { changeOrderStatus } from '../orders/status';
import { checkInvoices } from './checking';
import { cachedSchematron, efacturaProblems } from './validation';

const shop = setUpTestApp();
let owner: { cookie: string };

beforeAll(async () => {
  owner = await signUpOwner(shop.app, shop.database.db);
  cachedSchematron();
}, 300_000);

beforeEach(async () => {
  await shop.database.db.delete(invoices);
  await shop.database.db.delete(invoiceCounters);
});

/** A cash order placed by a visitor (sampleOrder: Cluj, two lighters and a phone charger), as the shop places it. */
async function cashOrder(overrides: Record<string, unknown> = {}) {
  return placeOrder(shop.database.db, orderRequestSchema.parse(sampleOrder(overrides)));
}

/**
 * A Bucharest order whose address names no sector, as orders placed before the checkout asked for it were (the
 * checkout now refuses one): placed with a sector, then its city as it was typed.
 */
async function sectorlessOrder() {
  const order = await cashOrder({ county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12', postalCode: '020452', sector: '2' });
  await shop.database.db.update(orders).set({ city: 'București' }).where(eq(orders.id, order.id));
  return order;
}

/** The owner moves an order on through the back office's API, as the order page does. */
async function ownerMoves(id: string, to: string, extra: Record<string, unknown> = {}) {
  const [order] = await shop.database.db.select({ version: orders.version }).from(orders).where(eq(orders.id, id));
  const response = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    payload: { to, version: order!.version, ...extra },
    headers: { cookie: owner.cookie, origin: TEST_ORIGIN },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const ship = async (id: string) => {
  await ownerMoves(id, 'confirmed');
  await ownerMoves(id, 'shipped', { carrier: 'Sameday', trackingNumber: `S-${id.slice(0, 8)}` });
};

const invoicesOf = (orderId: string) => shop.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.number));

describe('issuing an invoice', () => {
  it('when the owner marks a cash order shipped: numbered SST-0001, then SST-0002, adding up to the order’s total, valid for e-Factura', async () => {
    const first = await cashOrder();
    await ownerMoves(first.id, 'confirmed');
    expect(await invoicesOf(first.id)).toEqual([]);
    await ownerMoves(first.id, 'shipped', { carrier: 'Sameday', trackingNumber: 'S-1' });
    const [invoice] = await invoicesOf(first.id);
    expect(invoice).toMatchObject({ kind: 'invoice', series: 'SST', number: 1, documentId: 'SST-0001' });
    const { document } = invoice!;
    expect(document.amounts.gross).toBe(first.totals.total);
    expect(document.amounts.net + document.amounts.vat).toBe(first.totals.total);
    expect(document.buyer).toMatchObject({ name: 'Ana Popescu', street: 'Strada Memorandumului 28', place: { city: 'Cluj-Napoca', countySubentity: 'RO-CJ' }, email: 'ana@example.ro' });
    expect(document.payment).toEqual({ method: 'cash' });
    expect(document.amounts.lines.map((line) => line.name)).toEqual(expect.arrayContaining(['Dummy Lighter (Black)']));
    expect(await efacturaProblems(ublXml(document), 'invoice')).toEqual([]);

    const second = await cashOrder();
    await ship(second.id);
    expect((await invoicesOf(second.id)).map((row) => row.documentId)).toEqual(['SST-0002']);
  });

  it('once per order: delivering an invoiced order issues nothing more', async () => {
    const order = await cashOrder();
    await ship(order.id);
    await ownerMoves(order.id, 'delivered');
    expect((await invoicesOf(order.id)).map((row) => row.documentId)).toEqual(['SST-0001']);
  });

  it('with shipping as its own line, and a Bucharest address’s sector as its city', async () => {
    // One marker: under the free-shipping threshold, so the order pays shipping.
    const order = await cashOrder({ county: 'B', city: 'București', street: 'Strada Icoanei', streetNumber: '12, Sector 2', postalCode: '020452', lines: [{ productId: '4', quantity: 1 }] });
    expect(order.totals.shipping).toBeGreaterThan(0);
    await ship(order.id);
    const [invoice] = await invoicesOf(order.id);
    const document = invoice!.document;
    expect(document.amounts.lines.at(-1)).toMatchObject({ name: 'Transport', quantity: 1, gross: order.totals.shipping });
    expect(document.amounts.gross).toBe(order.totals.total);
    expect(document.buyer.place).toEqual({ city: 'SECTOR2', countySubentity: 'RO-B' });
    expect(await efacturaProblems(ublXml(document), 'invoice')).toEqual([]);
  });

  it('adding up to what the customer pays with free shipping, and with lines at two VAT rates', async () => {
    // Six lighters: over the free-shipping threshold, so no transport line.
    const free = await cashOrder({ lines: [{ productId: '1', quantity: 6, colour: 'Black' }] });
    expect(free.totals.shipping).toBe(0);
    await ship(free.id);
    const [freeInvoice] = await invoicesOf(free.id);
    expect(freeInvoice!.document.amounts.lines.map((line) => line.name)).not.toContain('Transport');
    expect(freeInvoice!.document.amounts.gross).toBe(free.totals.total);
    expect(await efacturaProblems(ublXml(freeInvoice!.document), 'invoice')).toEqual([]);

    // An order whose lines carry two rates (a product sold at the reduced 11%, as the order stored it).
    const mixed = await cashOrder();
    const [charger] = await shop.database.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, mixed.id), eq(orderLines.productId, '5')));
    const gross = charger!.unitPrice * charger!.quantity;
    await shop.database.db
      .update(orderLines)
      .set({ vatRate: 1100, vatAmount: Math.round((gross * 1100) / 11100) })
      .where(eq(orderLines.id, charger!.id));
    await ship(mixed.id);
    const [mixedInvoice] = await invoicesOf(mixed.id);
    const { amounts } = mixedInvoice!.document;
    expect(amounts.breakdown.map((rate) => rate.rate)).toEqual([2100, 1100]);
    expect(amounts.gross).toBe(mixed.totals.total);
    expect(amounts.net + amounts.vat).toBe(mixed.totals.total);
    expect(await efacturaProblems(ublXml(mixedInvoice!.document), 'invoice')).toEqual([]);
  });

  it('for a card order, once it is paid, as paid', async () => {
    const placed = await placeOrder(shop.database.db, orderRequestSchema.parse(sampleOrder({ paymentMethod: 'card' })), { status: 'awaiting_payment' });
    expect(await changeOrderStatus(shop.database.db, placed.id, 'paid', { actor: 'stripe', invoicing: TEST_INVOICING })).toBe('changed');
    const [invoice] = await invoicesOf(placed.id);
    expect(invoice!.document.payment).toEqual({ method: 'card', paid: placed.totals.total });
    expect(await efacturaProblems(ublXml(invoice!.document), 'invoice')).toEqual([]);
  });

  it('when delivered instead, if the shop says so (INVOICE_ON=delivered)', async () => {
    const invoicing = { ...TEST_INVOICING, on: 'delivered' as const };
    const order = await cashOrder();
    for (const to of ['confirmed', 'shipped'] as const) await changeOrderStatus(shop.database.db, order.id, to, { actor: 'owner', invoicing });
    expect(await invoicesOf(order.id)).toEqual([]);
    await changeOrderStatus(shop.database.db, order.id, 'delivered', { actor: 'owner', invoicing });
    expect((await invoicesOf(order.id)).map((row) => row.documentId)).toEqual(['SST-0001']);
  });

  it('in a series of the year when numbers restart every year', async () => {
    const order = await cashOrder();
    await changeOrderStatus(shop.database.db, order.id, 'confirmed', { actor: 'owner' });
    await changeOrderStatus(shop.database.db, order.id, 'shipped', { actor: 'owner', invoicing: { ...TEST_INVOICING, restartEachYear: true } });
    const year = new Date().getUTCFullYear();
    expect((await invoicesOf(order.id)).map((row) => row.documentId)).toEqual([`SST${year}-0001`]);
  });
});

describe('invoice numbers', () => {
  it('run without gaps under 20 concurrent status changes', async () => {
    const placed = await Promise.all(Array.from({ length: 20 }, () => cashOrder()));
    for (const order of placed) await changeOrderStatus(shop.database.db, order.id, 'confirmed', { actor: 'owner' });
    const changes = await Promise.all(placed.map((order) => changeOrderStatus(shop.database.db, order.id, 'shipped', { actor: 'owner', invoicing: TEST_INVOICING })));
    expect(changes).toEqual(Array(20).fill('changed'));
    const numbers = (await shop.database.db.select({ number: invoices.number }).from(invoices)).map((row) => row.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('skip none when a change that issued one rolls back', async () => {
    const kept = await cashOrder();
    const rolledBack = await cashOrder();
    for (const order of [kept, rolledBack]) await changeOrderStatus(shop.database.db, order.id, 'confirmed', { actor: 'owner' });
    await expect(
      shop.database.db.transaction(async (tx) => {
        await changeOrderStatus(tx, rolledBack.id, 'shipped', { actor: 'owner', invoicing: TEST_INVOICING });
        throw new Error('the owner’s change failed after the invoice');
      }),
    ).rejects.toThrow('after the invoice');
    expect(await invoicesOf(rolledBack.id)).toEqual([]);
    await changeOrderStatus(shop.database.db, kept.id, 'shipped', { actor: 'owner', invoicing: TEST_INVOICING });
    expect((await invoicesOf(kept.id)).map((row) => row.documentId)).toEqual(['SST-0001']);
  });
});

describe('a credit note', () => {
  it('credits the whole invoice when an invoiced order comes back, from the same series, once', async () => {
    const order = await cashOrder();
    await ship(order.id);
    await ownerMoves(order.id, 'returned');
    const [invoice, credit] = await invoicesOf(order.id);
    expect(credit).toMatchObject({ kind: 'credit_note', documentId: 'SST-0002', correctsId: invoice!.id });
    expect(credit!.document).toMatchObject({ kind: 'creditNote', corrects: { id: 'SST-0001', issueDate: invoice!.issueDate } });
    expect(credit!.document.amounts.gross).toBe(invoice!.document.amounts.gross);
    expect(await efacturaProblems(ublXml(credit!.document), 'creditNote')).toEqual([]);
  });

  it('repeats a discount code’s allowance: an order with VARA10, invoiced and returned, both valid for e-Factura', async () => {
    await shop.database.db.insert(discountCodes).values({ code: 'VARA10', kind: 'percent', value: 10 });
    const order = await cashOrder({ discountCode: 'vara10' });
    expect(order.totals.discount).toBeGreaterThan(0);
    await ship(order.id);
    await ownerMoves(order.id, 'returned');
    const [invoice, credit] = await invoicesOf(order.id);
    const { amounts } = invoice!.document;
    expect(amounts.allowances).toEqual([{ code: 'VARA10', rate: 2100, net: expect.any(Number), vat: expect.any(Number) }]);
    expect(amounts.allowances![0]!.net + amounts.allowances![0]!.vat).toBe(order.totals.discount);
    expect(amounts.gross).toBe(order.totals.total);
    expect(amounts.net - amounts.allowanceTotal! + amounts.vat).toBe(order.totals.total);
    expect(await efacturaProblems(ublXml(invoice!.document), 'invoice')).toEqual([]);
    expect(credit!.document.amounts).toEqual(amounts);
    expect(await efacturaProblems(ublXml(credit!.document), 'creditNote')).toEqual([]);
  });

  it('says what happens to the money: a parcel refused at the door cancels what was owed, a paid card order cancelled is refunded to the card', async () => {
    const refused = await cashOrder();
    await ship(refused.id);
    await ownerMoves(refused.id, 'returned');
    const [, cancelling] = await invoicesOf(refused.id);
    expect(cancelling!.document.settlement).toBe('cancelsUnpaid');
    const cancellingXml = ublXml(cancelling!.document);
    expect(cancellingXml).not.toContain('PaymentMeans');
    expect(cancellingXml).toContain('<cbc:PayableAmount currencyID="RON">0.00</cbc:PayableAmount>');
    expect(cancellingXml).toContain('<cbc:Note>Anulează suma datorată pe factura SST-0001, care nu a fost plătită: nu se restituie nimic</cbc:Note>');
    expect(await efacturaProblems(cancellingXml, 'creditNote')).toEqual([]);

    const card = await placeOrder(shop.database.db, orderRequestSchema.parse(sampleOrder({ paymentMethod: 'card' })), { status: 'awaiting_payment' });
    expect(await changeOrderStatus(shop.database.db, card.id, 'paid', { actor: 'stripe', invoicing: TEST_INVOICING })).toBe('changed');
    await ownerMoves(card.id, 'cancelled', { reason: 'Out of stock' });
    const [, refund] = await invoicesOf(card.id);
    expect(refund).toMatchObject({ kind: 'credit_note', documentId: 'SST-0004' });
    expect(refund!.document.settlement).toBe('refundToCard');
    const refundXml = ublXml(refund!.document);
    expect(refundXml).toContain('<cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode></cac:PaymentMeans>');
    expect(refundXml).not.toContain('PrepaidAmount');
    expect(refundXml).toContain(`<cbc:PayableAmount currencyID="RON">${(card.totals.total / 100).toFixed(2)}</cbc:PayableAmount>`);
    expect(refundXml).toContain('<cbc:Note>Suma se restituie cumpărătorului, pe cardul cu care a plătit</cbc:Note>');
    expect(await efacturaProblems(refundXml, 'creditNote')).toEqual([]);
  });

  it('is not issued for an order cancelled before it was invoiced', async () => {
    const order = await cashOrder();
    await ownerMoves(order.id, 'confirmed');
    await ownerMoves(order.id, 'cancelled', { reason: 'The customer called to cancel' });
    expect(await invoicesOf(order.id)).toEqual([]);
  });
});

describe('re-issuing a wrong invoice', () => {
  const reissueAs = (id: string, payload: unknown, cookie = owner.cookie) =>
    shop.app.inject({ method: 'POST', url: `/api/admin/invoices/${id}/reissue`, payload: payload as object, headers: { cookie, origin: TEST_ORIGIN } });
  const corrected = { name: 'Ana Popescu', street: 'Strada Icoanei 12', city: 'București, Sector 2', county: 'B', postalCode: '020452' };

  it('credits it first, then issues the corrected invoice with the next numbers; both valid for e-Factura; a return credits the corrected one', async () => {
    const order = await sectorlessOrder();
    await ship(order.id);
    await checkInvoices(shop.database.db);
    const [wrong] = await invoicesOf(order.id);
    expect(wrong!.problems).toContainEqual(expect.objectContaining({ rule: 'BR-RO-101' }));

    const answer = await reissueAs(wrong!.id, corrected);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ documentId: 'SST-0003' });
    const [, storno, fixed] = await invoicesOf(order.id);
    expect(storno).toMatchObject({ kind: 'credit_note', documentId: 'SST-0002', correctsId: wrong!.id });
    expect(storno!.document.buyer).toEqual(wrong!.document.buyer);
    // It refunds nothing: the corrected invoice stands in for the wrong one.
    expect(storno!.document.settlement).toBe('replaced');
    expect(ublXml(storno!.document)).toContain('<cbc:Note>Stornează factura SST-0001, înlocuită de factura corectată emisă odată cu aceasta: nu se restituie nimic</cbc:Note>');
    expect(fixed).toMatchObject({ kind: 'invoice', documentId: 'SST-0003', creditedAt: null });
    expect(fixed!.document.buyer).toMatchObject({ name: 'Ana Popescu', street: 'Strada Icoanei 12', place: { city: 'SECTOR2', countySubentity: 'RO-B' }, postalCode: '020452' });
    expect(fixed!.document.amounts).toEqual(wrong!.document.amounts);
    expect(await efacturaProblems(ublXml(fixed!.document), 'invoice')).toEqual([]);
    expect((await invoicesOf(order.id))[0]!.creditedAt).not.toBeNull();

    // The wrong one cannot be re-issued again; the owner's list says which are credited.
    expect((await reissueAs(wrong!.id, corrected)).json()).toMatchObject({ message: 'This invoice has a credit note already: it cannot be re-issued.' });
    const listed = (await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: { cookie: owner.cookie } })).json().invoices as { documentId: string; credited: boolean }[];
    expect(listed.map(({ documentId, credited }) => [documentId, credited])).toEqual([
      ['SST-0001', true],
      ['SST-0002', false],
      ['SST-0003', false],
    ]);

    await ownerMoves(order.id, 'returned');
    const credit = (await invoicesOf(order.id)).at(-1)!;
    expect(credit).toMatchObject({ kind: 'credit_note', documentId: 'SST-0004', correctsId: fixed!.id });
  });

  it('once, when the owner sends it twice at once', async () => {
    const order = await cashOrder();
    await ship(order.id);
    const [invoice] = await invoicesOf(order.id);
    const answers = await Promise.all([
      reissueAs(invoice!.id, { ...corrected, city: 'Cluj-Napoca', county: 'CJ', postalCode: '400114' }),
      reissueAs(invoice!.id, { ...corrected, city: 'Cluj-Napoca', county: 'CJ', postalCode: '400114' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await invoicesOf(order.id)).map((row) => row.kind)).toEqual(['invoice', 'credit_note', 'invoice']);
  });

  it('refuses a buyer without a name, a Bucharest address without its sector, and an unknown invoice, changing nothing', async () => {
    const order = await cashOrder();
    await ship(order.id);
    const [invoice] = await invoicesOf(order.id);
    const noName = await reissueAs(invoice!.id, { ...corrected, name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Buyer’s name is required.');
    const noSector = await reissueAs(invoice!.id, { ...corrected, city: 'București' });
    expect(noSector.statusCode).toBe(400);
    expect(noSector.json().message).toMatch(/names its sector/);
    expect((await reissueAs('00000000-0000-4000-8000-000000000000', corrected)).statusCode).toBe(404);
    expect(await invoicesOf(order.id)).toHaveLength(1);
  });
});

describe('checking invoices for e-Factura', () => {
  it('stores each one’s XML and what validation found, once, with two checkers at work; an address e-Factura cannot place is named by its rule', async () => {
    const good = await cashOrder();
    await ship(good.id);
    const noSector = await sectorlessOrder();
    await ship(noSector.id);
    const checked = await Promise.all([checkInvoices(shop.database.db), checkInvoices(shop.database.db)]);
    expect(checked[0]! + checked[1]!).toBe(2);

    const [valid] = await invoicesOf(good.id);
    expect(valid).toMatchObject({ problems: [], checkedAt: expect.any(Date), checkLeaseUntil: null });
    expect(valid!.xml).toContain('<cbc:ID>SST-0001</cbc:ID>');
    const [refused] = await invoicesOf(noSector.id);
    expect(refused!.problems).toContainEqual(expect.objectContaining({ rule: 'BR-RO-101', message: expect.stringContaining('SECTOR-RO') }));
    expect(await checkInvoices(shop.database.db)).toBe(0);
  });

  it('leaves an invoice another process is checking, and takes it over once that one’s lease has run out', async () => {
    const order = await cashOrder();
    await ship(order.id);
    await shop.database.db.update(invoices).set({ checkLeaseUntil: sql`now() + interval '1 minute'` });
    expect(await checkInvoices(shop.database.db)).toBe(0);
    await shop.database.db.update(invoices).set({ checkLeaseUntil: sql`now() - interval '1 second'` });
    expect(await checkInvoices(shop.database.db)).toBe(1);
    expect((await invoicesOf(order.id))[0]!.problems).toEqual([]);
  });
});

describe('the owner’s invoices', () => {
  const get = (url: string, cookie: string | null = owner.cookie) => shop.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('lists the month’s invoices with their order, total, e-Factura check and report day; opens each as PDF and XML', async () => {
    const order = await cashOrder();
    await ship(order.id);
    const [{ orderNumber }] = (await get('/api/admin/invoices').then((response) => response.json().invoices)) as [{ orderNumber: number }];
    const [invoice] = await invoicesOf(order.id);
    const month = invoice!.issueDate.slice(0, 7);
    expect((await get('/api/admin/invoices?month=2001-01')).json()).toEqual({ invoices: [] });

    const listed = await get(`/api/admin/invoices?month=${month}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().invoices).toEqual([
      expect.objectContaining({ documentId: 'SST-0001', kind: 'invoice', orderId: order.id, orderNumber, total: order.totals.total, check: 'checking', problems: [] }),
    ]);
    // Not checked yet: no XML to give.
    expect((await get(`/api/admin/invoices/${invoice!.id}/xml`)).statusCode).toBe(409);

    await checkInvoices(shop.database.db);
    expect((await get(`/api/admin/invoices?month=${month}`)).json().invoices[0]).toMatchObject({ check: 'valid', reportDueDay: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const pdf = await get(`/api/admin/invoices/${invoice!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await get(`/api/admin/invoices/${invoice!.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toBe('attachment; filename="SST-0001.xml"');
    expect(xml.body).toContain('<cbc:ID>SST-0001</cbc:ID>');
  });

  it('answers 404 for an unknown invoice and 400 for a month or an id it cannot read; nobody but an owner gets in', async () => {
    expect((await get('/api/admin/invoices/00000000-0000-4000-8000-000000000000/pdf')).json()).toMatchObject({ message: 'No such invoice.' });
    expect((await get('/api/admin/invoices/not-an-id/pdf')).statusCode).toBe(400);
    const badMonth = await get('/api/admin/invoices?month=2026-13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toMatch(/YYYY-MM/);
    expect((await get('/api/admin/invoices', null)).statusCode).toBe(401);
  });
});

describe('the customer’s invoice', () => {
  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('is on their order page (its signed link) with its PDF, which only its link opens; the owner’s order page lists it with its credit note', async () => {
    const order = await cashOrder();
    const page = `/api/orders/${order.id}?token=${orderAccessToken(TEST_AUTH_SECRET, order.id)}`;
    expect((await get(page)).json().invoices).toEqual([]);
    await ship(order.id);
    const [invoice] = (await get(page)).json().invoices as { id: string; documentId: string; kind: string; pdfPath: string }[];
    expect(invoice).toMatchObject({ documentId: 'SST-0001', kind: 'invoice', pdfPath: expect.stringMatching(/^\/api\/invoices\/[0-9a-f-]{36}\/pdf\?key=[0-9a-f]{32}$/) });

    const pdf = await get(invoice!.pdfPath);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Nobody else: a wrong key, no key, another invoice's key, an id that is no invoice: the same 404.
    const other = await cashOrder();
    await ship(other.id);
    const [otherInvoice] = (await get(`/api/orders/${other.id}?token=${orderAccessToken(TEST_AUTH_SECRET, other.id)}`)).json().invoices as { pdfPath: string }[];
    const key = new URL(invoice!.pdfPath, TEST_ORIGIN).searchParams.get('key')!;
    const otherKey = new URL(otherInvoice!.pdfPath, TEST_ORIGIN).searchParams.get('key')!;
    for (const url of [
      `/api/invoices/${invoice!.id}/pdf?key=${key.replace(/.$/, (last) => (last === '0' ? '1' : '0'))}`,
      `/api/invoices/${invoice!.id}/pdf`,
      `/api/invoices/${invoice!.id}/pdf?key=${otherKey}`,
      `/api/invoices/00000000-0000-4000-8000-000000000000/pdf?key=${key}`,
      `/api/invoices/not-an-invoice/pdf?key=${key}`,
    ]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toMatchObject({ message: 'No such invoice.' });
    }
    // The order's page needs its own token: without it, nothing of the order nor its invoice.
    expect((await get(`/api/orders/${order.id}?token=wrong`)).statusCode).toBe(404);

    await ownerMoves(order.id, 'returned');
    expect(((await get(page)).json().invoices as { documentId: string; kind: string }[]).map(({ documentId, kind }) => [documentId, kind])).toEqual([
      ['SST-0001', 'invoice'],
      ['SST-0003', 'credit_note'],
    ]);
    const adminOrder = await shop.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: { cookie: owner.cookie } });
    expect((adminOrder.json().invoices as { documentId: string; check: string }[]).map(({ documentId, check }) => [documentId, check])).toEqual([
      ['SST-0001', 'checking'],
      ['SST-0003', 'checking'],
    ]);
  });
});
