import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testimonials } from '../../../db/schema/testimonials';
import { setUpTestApp, signUpCustomer, signUpOwner, TEST_ORIGIN } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';

/** The landing's testimonials (issue 48, OUG 58/2022): the owner's, from real orders or Instagram, published or not. */
const shop = setUpTestApp();
const ROMANIAN = { 'accept-language': 'ro-RO,ro;q=0.9' };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function asOwner(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const owner = await signUpOwner(shop.app, shop.database.db);
  return shop.app.inject({
    method,
    url,
    headers: { cookie: owner.cookie, origin: TEST_ORIGIN, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

const published = async () => (await shop.app.inject({ method: 'GET', url: '/api/testimonials' })).json().testimonials as { id: number; name: string; text: string; source: string }[];

async function placedOrderNumber(): Promise<number> {
  const placed = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder() });
  expect(placed.statusCode).toBe(201);
  return placed.json().number;
}

const clear = () => shop.database.db.delete(testimonials);

describe('who may change the testimonials', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/api/admin/testimonials'],
    ['POST', '/api/admin/testimonials', { text: 'Great.', name: 'Ana P.', source: { kind: 'instagram' } }],
    ['PATCH', '/api/admin/testimonials/1', { published: true }],
    ['PUT', '/api/admin/testimonials/order', { ids: [] }],
    ['DELETE', '/api/admin/testimonials/1'],
  ];

  it.each(routes)('%s %s: 401 for a visitor, 403 for a customer, and nothing changes', async (method, url, payload) => {
    const customer = await signUpCustomer(shop.app);
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers = payload === undefined ? {} : { 'content-type': 'application/json' };
    expect((await shop.app.inject({ method, url, payload: body, headers: { origin: TEST_ORIGIN, ...headers } })).statusCode).toBe(401);
    expect((await shop.app.inject({ method, url, payload: body, headers: { cookie: customer.cookie, origin: TEST_ORIGIN, ...headers } })).statusCode).toBe(403);
    expect(await shop.database.db.select().from(testimonials)).toEqual([]);
  });
});

describe('the owner’s testimonials', () => {
  it('none at first: the landing gets none (it then shows no testimonials, never the built-in examples)', async () => {
    expect(await published()).toEqual([]);
    expect((await asOwner('GET', '/api/admin/testimonials')).json()).toEqual({ testimonials: [] });
  });

  it('a testimonial from an order of this shop, and one from Instagram: unpublished until the owner publishes it, then on the landing', async () => {
    try {
      const number = await placedOrderNumber();
      const fromOrder = await asOwner('POST', '/api/admin/testimonials', { text: ' Bricheta e perfectă. ', name: 'Andrei M.', source: { kind: 'order', orderNumber: number } });
      expect(fromOrder.statusCode).toBe(201);
      expect(fromOrder.json()).toMatchObject({ text: 'Bricheta e perfectă.', name: 'Andrei M.', source: 'order', orderNumber: number, language: 'ro', published: false });
      const fromInstagram = await asOwner('POST', '/api/admin/testimonials', { text: 'Great belt.', name: 'Ana-Maria P.', source: { kind: 'instagram' }, language: 'en', published: true });
      expect(fromInstagram.statusCode).toBe(201);
      expect(fromInstagram.json()).toMatchObject({ source: 'instagram', orderNumber: null, published: true });

      // Only the published one; the order's number is the owner's, never the visitor's.
      expect(await published()).toEqual([{ id: fromInstagram.json().id, text: 'Great belt.', name: 'Ana-Maria P.', source: 'instagram', language: 'en' }]);
      const publish = await asOwner('PATCH', `/api/admin/testimonials/${fromOrder.json().id}`, { published: true });
      expect(publish.statusCode).toBe(200);
      expect((await published()).map((testimonial) => testimonial.name)).toEqual(['Andrei M.', 'Ana-Maria P.']);
      expect(JSON.stringify(await published())).not.toContain(String(number));

      // Edited: its words, its name and its source.
      const edited = await asOwner('PATCH', `/api/admin/testimonials/${fromOrder.json().id}`, { text: 'Bricheta e excelentă.', name: 'Andrei N.', source: { kind: 'instagram' } });
      expect(edited.json()).toMatchObject({ text: 'Bricheta e excelentă.', name: 'Andrei N.', source: 'instagram', orderNumber: null, published: true });
      const unpublish = await asOwner('PATCH', `/api/admin/testimonials/${fromOrder.json().id}`, { published: false });
      expect(unpublish.json().published).toBe(false);
      expect((await published()).map((testimonial) => testimonial.name)).toEqual(['Ana-Maria P.']);
    } finally {
      await clear();
    }
  });

  it('reorders them (every one, each once, else 409 and nothing moves) and deletes one', async () => {
    try {
      const ids: number[] = [];
      for (const name of ['Ana P.', 'Ion V.', 'Maria T.']) {
        ids.push((await asOwner('POST', '/api/admin/testimonials', { text: `From ${name}`, name, source: { kind: 'instagram' }, published: true })).json().id);
      }
      const reversed = await asOwner('PUT', '/api/admin/testimonials/order', { ids: [...ids].reverse() });
      expect(reversed.statusCode).toBe(200);
      expect(reversed.json().testimonials.map((testimonial: { name: string }) => testimonial.name)).toEqual(['Maria T.', 'Ion V.', 'Ana P.']);
      expect((await published()).map((testimonial) => testimonial.name)).toEqual(['Maria T.', 'Ion V.', 'Ana P.']);

      for (const wrong of [ids.slice(1), [ids[0], ids[0], ids[1]], [...ids, 999_999]]) {
        const refused = await asOwner('PUT', '/api/admin/testimonials/order', { ids: wrong });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('The testimonials changed since this page showed them: here they are as they are now. Try again.');
      }
      expect((await published()).map((testimonial) => testimonial.name)).toEqual(['Maria T.', 'Ion V.', 'Ana P.']);

      expect((await asOwner('DELETE', `/api/admin/testimonials/${ids[1]}`)).statusCode).toBe(204);
      expect((await published()).map((testimonial) => testimonial.name)).toEqual(['Maria T.', 'Ana P.']);
      const again = await asOwner('DELETE', `/api/admin/testimonials/${ids[1]}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('No such testimonial.');
      expect((await asOwner('PATCH', `/api/admin/testimonials/${ids[1]}`, { published: true })).statusCode).toBe(404);
    } finally {
      await clear();
    }
  });

  it('refuses bad input with a 400 that says what is wrong, in the owner’s language, and writes nothing', async () => {
    const good = { text: 'Great.', name: 'Ana P.', source: { kind: 'instagram' } };
    const cases: [unknown, string][] = [
      [{ ...good, source: { kind: 'order', orderNumber: 99_999_999 } }, 'There is no order 99999999 in this shop: a testimonial from an order names one of this shop’s orders.'],
      [{ ...good, source: { kind: 'order', orderNumber: '10001' } }, 'Order number must be the number of one of this shop’s orders, like 10001.'],
      [{ ...good, source: { kind: 'order' } }, 'Order number must be the number of one of this shop’s orders, like 10001.'],
      [{ ...good, source: { kind: 'instagram', orderNumber: 10001 } }, 'Unknown field: orderNumber.'],
      [{ ...good, source: { kind: 'a friend' } }, 'Say where it came from: an order of this shop, with its number, or a message on Instagram.'],
      [{ text: 'Great.', name: 'Ana P.' }, 'Say where it came from: an order of this shop, with its number, or a message on Instagram.'],
      [{ ...good, name: 'Ana Popescu' }, 'Give the name shown as the first name and the initial of the last name, like Andrei M.'],
      [{ ...good, name: 'ana p.' }, 'Give the name shown as the first name and the initial of the last name, like Andrei M.'],
      [{ ...good, text: ' ' }, 'Testimonial text is required.'],
      [{ ...good, text: 'x'.repeat(501) }, 'Testimonial text is too long (at most 500 characters).'],
      [{ ...good, language: 'fr' }, 'The language must be Romanian or English.'],
      [{ ...good, stars: 5 }, 'Unknown field: stars.'],
    ];
    for (const [body, message] of cases) {
      const refused = await asOwner('POST', '/api/admin/testimonials', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const inRomanian = await asOwner('POST', '/api/admin/testimonials', { ...good, name: 'Ana' }, ROMANIAN);
    expect(inRomanian.json().message).toBe('Scrieți numele afișat ca prenume și inițiala numelui de familie, de exemplu Andrei M.');
    expect((await asOwner('PATCH', '/api/admin/testimonials/1', {})).json().message).toBe('Nothing to change: send at least one field.');
    expect((await asOwner('PATCH', '/api/admin/testimonials/abc', { published: true })).statusCode).toBe(400);
    expect(await shop.database.db.select().from(testimonials)).toEqual([]);
  });

  it('the database itself refuses a source without its order, or an order number on an Instagram one', async () => {
    const insert = (source: string, orderNumber: number | null) =>
      shop.database.db.execute(sql`insert into testimonials (text, name, source, order_number, position) values ('x', 'Ana P.', ${source}, ${orderNumber}, 0)`);
    await expect(insert('order', null)).rejects.toThrow();
    await expect(insert('instagram', 10001)).rejects.toThrow();
    await expect(insert('friend', null)).rejects.toThrow();
  });
});
