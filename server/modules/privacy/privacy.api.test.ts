import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../../db/schema/accounts';
import { discountCodes } from '../../../db/schema/discounts';
import { invoices } from '../../../db/schema/invoices';
import { orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import { shipmentEvents, shipments } from '../../../db/schema/shipping';
import { setUpTestApp, signUpCustomer, signUpOwner, TEST_INVOICING, TEST_ORIGIN } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { withdrawEverything } from '../../../testing/withdrawal';
import { changeOrderStatus } from '../orders/status';

// The customer's data rights (issue 34): a copy of their data, their account deleted, a guest's details erased
// through the order's link; on the embedded database or PostgreSQL.

const shop = setUpTestApp();

// A code the orders below use: 10% off 104.97 is 10.50, so 94.47 plus 19.99 shipping, 114.46 (issue 34).
beforeAll(async () => {
  await shop.database.db.insert(discountCodes).values({ code: 'VARA10', kind: 'percent', value: 10 });
});

const place = async (cookie: string | null, overrides: Record<string, unknown> = {}) => {
  const response = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder(overrides), headers: cookie ? { cookie, origin: TEST_ORIGIN } : {} });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: number; accessToken: string };
};
/** Ships it (its invoice issued) and delivers it: done with, its details may go. */
async function deliver(id: string) {
  await changeOrderStatus(shop.database.db, id, 'confirmed', { actor: 'owner' });
  await changeOrderStatus(shop.database.db, id, 'shipped', { actor: 'owner', set: { carrier: 'Sameday', trackingNumber: `T-${id.slice(0, 6)}` }, invoicing: TEST_INVOICING });
  await changeOrderStatus(shop.database.db, id, 'delivered', { actor: 'owner', invoicing: TEST_INVOICING });
}
const orderRow = async (id: string) => (await shop.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('a signed-in customer’s data', () => {
  it('is theirs to download: the account, its orders, the addresses and phones given, the mails sent, the withdrawal requests', async () => {
    const customer = await signUpCustomer(shop.app);
    const first = await place(customer.cookie, { email: customer.email });
    const second = await place(customer.cookie, { email: customer.email, street: 'Strada Horea', streetNumber: '5', phoneNumber: '0733 111 222', discountCode: 'VARA10' });
    const firstNumber = (await shop.database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, first.id)))[0]!.number;
    expect((await withdrawEverything(shop.app, { number: firstNumber, email: customer.email }, { reason: 'Changed my mind' })).statusCode).toBe(201);
    // Someone else's order is not in it.
    await place(null, { email: 'someone-else@example.ro' });
    const owner = await signUpOwner(shop.app, shop.database.db);
    expect((await shop.app.inject({ method: 'POST', url: '/api/admin/cod-blocks', payload: { phone: '0733 111 222' }, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } })).statusCode).toBe(201);
    await shop.app.inject({ method: 'POST', url: '/api/admin/cod-blocks', payload: { phone: '0799 999 999' }, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } });
    const [shipment] = await shop.database.db
      .insert(shipments)
      .values({ orderId: first.id, courier: 'sameday', awb: '1SDYPRIVACY', reference: String(firstNumber), parcels: 1, weightGrams: 500, cashOnDelivery: 12496, declaredValue: 12496 })
      .returning();
    await shop.database.db.insert(shipmentEvents).values({ shipmentId: shipment!.id, at: new Date('2026-11-20T10:00:00Z'), code: '9', label: 'Delivered', location: 'Cluj-Napoca' });

    const copy = await shop.app.inject({ url: '/api/account/data', headers: { cookie: customer.cookie } });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['cache-control']).toBe('no-store');
    const data = copy.json();
    expect(data.account).toMatchObject({ email: customer.email, createdAt: expect.any(String) });
    expect(data.orders.map((order: { id: string }) => order.id).sort()).toEqual([first.id, second.id].sort());
    // Each order with its totals as placed, a discount code's among them.
    const totals = ({ id, subtotal, discount, discountCode, shipping, total }: Record<string, unknown>) => ({ id, subtotal, discount, discountCode, shipping, total });
    expect(data.orders.map(totals)).toEqual(
      expect.arrayContaining([
        { id: first.id, subtotal: 10497, discount: 0, discountCode: null, shipping: 1999, total: 12496 },
        { id: second.id, subtotal: 10497, discount: 1050, discountCode: 'VARA10', shipping: 1999, total: 11446 },
      ]),
    );
    expect(data.addresses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ street: 'Strada Memorandumului', phoneNumber: '+40712345678' }),
        expect.objectContaining({ street: 'Strada Horea', streetNumber: '5', phoneNumber: '+40733111222' }),
      ]),
    );
    expect(data.withdrawalRequests).toEqual([{ orderNumber: first.number, requestedAt: expect.any(String), note: 'Changed my mind', iban: null }]);
    expect(data.mails).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'order_placed', orderNumber: second.number, status: 'pending' })]));

    // Everything held about them (issue 48): the owner's cash-on-delivery blocks naming their phone or email, and what
    // the courier said of their parcels.
    expect(data.codBlocks).toEqual([{ kind: 'phone', value: '+40733111222', blockedAt: expect.any(String) }]);
    expect(data.courierEvents).toEqual([
      { orderNumber: firstNumber, courierName: 'Sameday', awb: '1SDYPRIVACY', code: '9', label: 'Delivered', location: 'Cluj-Napoca', at: '2026-11-20T10:00:00.000Z' },
    ]);

    const file = await shop.app.inject({ url: '/api/account/data?download=1', headers: { cookie: customer.cookie } });
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d\d-\d\d\.json"$/);
    expect((await shop.app.inject({ url: '/api/account/data' })).statusCode).toBe(401);
  });
});

describe('deleting an account', () => {
  it('asks for the password again, waits for orders on their way, then erases the account and anonymises its orders, which still add up', async () => {
    const customer = await signUpCustomer(shop.app);
    const owner = await signUpOwner(shop.app, shop.database.db);
    const order = await place(customer.cookie, { email: customer.email, discountCode: 'VARA10' });
    const remove = (password: string) => shop.app.inject({ method: 'POST', url: '/api/account/delete', payload: { password }, headers: { cookie: customer.cookie, origin: TEST_ORIGIN } });

    const underWay = await remove('secret123');
    expect(underWay.statusCode).toBe(409);
    expect(underWay.json().message).toBe(`Your orders ${order.number} are still on their way: you can delete your account once they are delivered, returned or cancelled.`);
    await deliver(order.id);

    const wrong = await remove('not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That is not your password. Your account is not deleted.');
    expect(await shop.database.db.select().from(user).where(eq(user.email, customer.email))).toHaveLength(1);

    const dashboard = async () => (await shop.app.inject({ url: '/api/admin/dashboard', headers: { cookie: owner.cookie } })).json().deliveredRevenueThisMonth;
    const revenue = await dashboard();
    const [invoiceBefore] = await shop.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));

    const deleted = await remove('secret123');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await shop.database.db.select().from(user).where(eq(user.email, customer.email))).toHaveLength(0);
    expect((await shop.app.inject({ url: '/api/auth/get-session', headers: { cookie: customer.cookie } })).json()).toBeNull();
    // The order keeps its amounts, city and lines; its customer's details are gone.
    const kept = await orderRow(order.id);
    expect(kept).toMatchObject({ firstName: '', lastName: '', email: '', phoneNumber: '', street: '', streetNumber: '', postalCode: '', userId: null, status: 'delivered', city: 'Cluj-Napoca' });
    expect(kept.anonymisedAt).toBeInstanceOf(Date);
    // Its discount code and amounts too: they still add up.
    expect(kept).toMatchObject({ subtotal: 10497, discount: 1050, discountCode: 'VARA10', shipping: 1999, totalAmount: 11446 });
    expect(kept.subtotal - kept.discount + kept.shipping).toBe(kept.totalAmount);
    expect(await dashboard()).toBe(revenue);
    const csv = (await shop.app.inject({ url: '/api/admin/orders.csv', headers: { cookie: owner.cookie } })).body;
    expect(csv.split('\r\n').find((line) => line.startsWith(`${order.number},`))).toContain(',Cluj-Napoca,Cluj,,Romania,104.97,VARA10,10.50,19.99,114.46,114.46,Cash on delivery,Delivered,');
    // The invoice keeps the buyer as issued (the legal retention).
    const [invoiceAfter] = await shop.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoiceAfter!.document.buyer).toEqual(invoiceBefore!.document.buyer);
    // The mails written to them are forgotten but the one confirming it.
    expect((await shop.database.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.recipient, customer.email))).map((mail) => mail.kind)).toEqual(['account_deleted']);
    // And every mail about its orders, whatever address it went to: the owners' alerts too (issue 48).
    expect(await shop.database.db.select().from(outbox).where(eq(outbox.orderId, order.id))).toEqual([]);
  });
});

describe('a guest, through the order’s link', () => {
  it('downloads the order’s data and has their details erased once it is done with; without the link, nothing', async () => {
    const order = await place(null, { email: 'guest-rights@example.ro' });
    const data = await shop.app.inject({ url: `/api/orders/${order.id}/data?token=${order.accessToken}` });
    expect(data.statusCode).toBe(200);
    expect(data.json()).toMatchObject({ account: null, orders: [expect.objectContaining({ id: order.id, email: 'guest-rights@example.ro' })] });
    expect((await shop.app.inject({ url: `/api/orders/${order.id}/data?token=wrong` })).statusCode).toBe(404);
    expect((await shop.app.inject({ url: `/api/orders/${order.id}/data` })).statusCode).toBe(404);

    const erase = () => shop.app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=${order.accessToken}`, headers: { 'accept-language': 'ro' } });
    const underWay = await erase();
    expect(underWay.statusCode).toBe(409);
    expect(underWay.json().message).toBe('Această comandă este încă pe drum: putem șterge datele tale din ea după ce este livrată, returnată sau anulată.');
    await deliver(order.id);
    expect((await shop.app.inject({ method: 'POST', url: `/api/orders/${order.id}/erase?token=wrong` })).statusCode).toBe(404);
    const erased = await erase();
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ email: '', firstName: '', street: '', phoneNumber: '' });
    const [mail] = await shop.database.db.select().from(outbox).where(eq(outbox.recipient, 'guest-rights@example.ro'));
    expect(mail).toMatchObject({ kind: 'details_erased', language: 'ro', data: { number: String(order.number) } });
    // Every mail about the order is gone, whatever address it went to: the owners' alerts too (issue 48).
    expect(await shop.database.db.select().from(outbox).where(eq(outbox.orderId, order.id))).toEqual([]);
    expect((await erase()).statusCode).toBe(404);
  });
});
