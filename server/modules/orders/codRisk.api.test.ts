import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { codBlocks, orders } from '../../../db/schema/orders';
import { orderRequestSchema } from '../../../domain/checkout';
import { setUpTestApp, signUpOwner, TEST_COMPANY, TEST_ORIGIN } from '../../../testing/app';
import { setUpCardShop } from '../../../testing/cardShop';
import { sampleOrder } from '../../../testing/sampleOrder';
import { anonymiseOrders } from './anonymise';
import { placeOrder } from './place';
import { changeOrderStatus } from './status';

// The cash-on-delivery risk (issue 34): an order whose phone or email is an earlier returned order's is flagged for
// the owner (never for the customer), and the owner may take no more cash on delivery from a contact. On the embedded
// database or PostgreSQL.

const shop = setUpTestApp();
const cardShop = setUpCardShop();

let ownerCookie: string | undefined;
async function asOwner(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  ownerCookie ??= (await signUpOwner(shop.app, shop.database.db)).cookie;
  return shop.app.inject({ method, url, payload: payload as object, headers: { cookie: ownerCookie, origin: TEST_ORIGIN } });
}

/** An order placed as the checkout places it, with its contact. */
async function placed(contact: { phoneNumber?: string; email?: string } = {}) {
  const order = await placeOrder(shop.database.db, orderRequestSchema.parse(sampleOrder(contact)));
  return order;
}

/** An order that came back: shipped, then the parcel refused. */
async function returned(contact: { phoneNumber?: string; email?: string }) {
  const order = await placed(contact);
  for (const to of ['confirmed', 'shipped', 'returned'] as const) {
    await changeOrderStatus(shop.database.db, order.id, to, { actor: 'owner', ...(to === 'shipped' ? { set: { carrier: 'Sameday', trackingNumber: `R${order.number}` } } : {}) });
  }
  return order;
}

const rowOf = async (id: string) => ((await asOwner('GET', '/api/admin/orders?limit=100')).json().orders as { id: string; returnedBefore: boolean }[]).find((row) => row.id === id)!;
const ordersCount = async () => (await shop.database.db.select({ n: count() }).from(orders))[0]!.n;

describe('the COD risk flag', () => {
  it('never flags an anonymised order against another: an erased contact is no one’s (issue 48)', async () => {
    const refused = await returned({ phoneNumber: '0755 111 333', email: 'erased-a@example.ro' });
    const later = await placed({ phoneNumber: '0755 444 666', email: 'erased-b@example.ro' });
    await shop.database.db.transaction((tx) => anonymiseOrders(tx, [refused.id, later.id]));
    expect((await rowOf(later.id)).returnedBefore).toBe(false);
    expect((await asOwner('GET', `/api/admin/orders/${later.id}`)).json().returnedBefore).toEqual([]);
  });

  it('flags an order whose phone (however typed) or email (any case) came back returned before, in the list and on its page', async () => {
    const before = await placed({ phoneNumber: '0722 111 222', email: 'first@example.ro' });
    const refused = await returned({ phoneNumber: '0722 111 222', email: 'Refuser@Example.ro' });
    const samePhone = await placed({ phoneNumber: '+40 722 111 222', email: 'other@example.ro' });
    const sameEmail = await placed({ phoneNumber: '0733 999 888', email: 'refuser@example.RO' });
    const stranger = await placed({ phoneNumber: '0744 000 111', email: 'stranger@example.ro' });

    expect((await rowOf(samePhone.id)).returnedBefore).toBe(true);
    expect((await rowOf(sameEmail.id)).returnedBefore).toBe(true);
    expect((await rowOf(stranger.id)).returnedBefore).toBe(false);
    // Only an earlier order counts: the one placed before the returned one is not flagged by it, nor the returned one itself.
    expect((await rowOf(before.id)).returnedBefore).toBe(false);
    expect((await rowOf(refused.id)).returnedBefore).toBe(false);

    const page = (await asOwner('GET', `/api/admin/orders/${samePhone.id}`)).json();
    expect(page.returnedBefore).toEqual([{ id: refused.id, number: refused.number, returnedOn: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) }]);
    expect((await asOwner('GET', `/api/admin/orders/${stranger.id}`)).json().returnedBefore).toEqual([]);

    // The customer never sees it.
    const mine = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ phoneNumber: '0722111222' }) });
    const view = await shop.app.inject({ url: `/api/orders/${mine.json().id}?token=${mine.json().accessToken}` });
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toMatch(/returned|codBlock/i);
  });
});

describe('no cash on delivery for a contact', () => {
  it('refuses the contact’s next cash order politely with the shop’s contact, writing nothing; lifting it takes cash again', async () => {
    const blocked = await asOwner('POST', '/api/admin/cod-blocks', { phone: '0755 123 456', email: 'Blocked@Example.ro' });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(blocked.json().blocks).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'phone', value: '+40755123456' }), expect.objectContaining({ kind: 'email', value: 'blocked@example.ro' })]),
    );
    // Blocking again changes nothing.
    expect((await asOwner('POST', '/api/admin/cod-blocks', { phone: '+40755123456' })).statusCode).toBe(201);
    expect((await shop.database.db.select({ n: count() }).from(codBlocks))[0]!.n).toBe(2);

    const before = await ordersCount();
    for (const contact of [{ phoneNumber: '+40 755 123 456' }, { email: 'BLOCKED@example.ro', phoneNumber: '0766 000 000' }]) {
      const refused = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder(contact) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'conflict',
        code: 'cod_not_offered',
        message: `We cannot take this order with cash on delivery. Please write to us at ${TEST_COMPANY.email} or call ${TEST_COMPANY.phone}, and we will find a way.`,
      });
    }
    expect(await ordersCount()).toBe(before);

    // The owner sees the block on the contact's orders, and lifts it.
    const earlier = await placed({ phoneNumber: '0755123456', email: 'someone@example.ro' });
    const page = (await asOwner('GET', `/api/admin/orders/${earlier.id}`)).json();
    expect(page.codBlocks).toEqual([expect.objectContaining({ kind: 'phone', value: '+40755123456', createdAt: expect.any(String) })]);
    for (const block of blocked.json().blocks) expect((await asOwner('DELETE', `/api/admin/cod-blocks/${block.id}`)).statusCode).toBe(204);
    expect((await asOwner('DELETE', `/api/admin/cod-blocks/${blocked.json().blocks[0].id}`)).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ phoneNumber: '0755123456' }) })).statusCode).toBe(201);
  });

  it('answers a retry of an order placed before the block as placed', async () => {
    const order = sampleOrder({ phoneNumber: '0788 555 444' });
    expect((await shop.app.inject({ method: 'POST', url: '/api/orders', payload: order })).statusCode).toBe(201);
    await asOwner('POST', '/api/admin/cod-blocks', { phone: '0788555444' });
    expect((await shop.app.inject({ method: 'POST', url: '/api/orders', payload: order })).statusCode).toBe(200);
  });

  it('refuses bad input on the block endpoint with its message, blocking nothing', async () => {
    const before = (await shop.database.db.select({ n: count() }).from(codBlocks))[0]!.n;
    for (const [body, message] of [
      [{}, 'Give a phone number, an email address, or both.'],
      [{ phone: 'not a phone' }, 'Enter a phone number the shop can call, like 0722 123 456.'],
      [{ phone: 722123456 }, 'Enter a phone number the shop can call, like 0722 123 456.'],
      [{ email: 'nobody' }, 'Enter a valid email address, like name@example.com.'],
      [{ email: 'a@b.ro', note: 'x' }, /note/],
      [[], 'The request body must be a JSON object.'],
    ] as const) {
      const response = await asOwner('POST', '/api/admin/cod-blocks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await shop.database.db.select({ n: count() }).from(codBlocks))[0]!.n).toBe(before);
  });
});

describe('with card payments on', () => {
  it('offers the blocked contact card payment only: a cash order is refused with that, a card order goes through', async () => {
    const owner = await signUpOwner(cardShop.app, cardShop.database.db);
    const block = await cardShop.app.inject({ method: 'POST', url: '/api/admin/cod-blocks', payload: { email: 'card-only@example.ro' }, headers: { cookie: owner.cookie, origin: TEST_ORIGIN } });
    expect(block.statusCode).toBe(201);
    const cash = await cardShop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: 'card-only@example.ro' }), headers: { 'accept-language': 'ro' } });
    expect(cash.statusCode).toBe(409);
    expect(cash.json()).toMatchObject({ code: 'cod_not_offered', message: 'Putem primi această comandă doar cu plata cu cardul. Te rugăm să alegi Card.' });
    const card = await cardShop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder({ email: 'card-only@example.ro', paymentMethod: 'card' }) });
    expect(card.statusCode, card.body).toBe(201);
    const [kept] = await cardShop.database.db.select().from(orders).where(eq(orders.id, card.json().id));
    expect(kept).toMatchObject({ paymentMethod: 'card', status: 'awaiting_payment' });
  });
});
