import { describe, expect, it } from 'vitest';
import { setUpTestApp, signUpCustomer, signUpOwner, TEST_ORIGIN } from '../testing/app';
import { sampleOrder } from '../testing/sampleOrder';

// Answers about a person are never kept by a browser or a proxy (issue 34): Cache-Control: no-store on sign-up and
// sign-in, the session, My orders, an order's page, the back office; the public catalogue says how it may be kept.

const shop = setUpTestApp();

describe('personal answers', () => {
  it('carry Cache-Control: no-store; the catalogue keeps its own caching', async () => {
    const customer = await signUpCustomer(shop.app);
    const owner = await signUpOwner(shop.app, shop.database.db);
    const signIn = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: customer.email, password: 'secret123' }, headers: { origin: TEST_ORIGIN } });
    expect(signIn.statusCode).toBe(200);
    const placed = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder(), headers: { cookie: customer.cookie, origin: TEST_ORIGIN } });
    expect(placed.statusCode).toBe(201);
    const { id, accessToken } = placed.json();

    const answers = {
      signIn,
      placed,
      session: await shop.app.inject({ url: '/api/auth/get-session', headers: { cookie: customer.cookie } }),
      myOrders: await shop.app.inject({ url: '/api/orders', headers: { cookie: customer.cookie } }),
      order: await shop.app.inject({ url: `/api/orders/${id}?token=${accessToken}` }),
      noSuchOrder: await shop.app.inject({ url: `/api/orders/${id}?token=wrong` }),
      dashboard: await shop.app.inject({ url: '/api/admin/dashboard', headers: { cookie: owner.cookie } }),
      adminOrder: await shop.app.inject({ url: `/api/admin/orders/${id}`, headers: { cookie: owner.cookie } }),
    };
    for (const [name, answer] of Object.entries(answers)) expect(answer.headers['cache-control'], name).toBe('no-store');
    expect(answers.order.statusCode).toBe(200);

    const catalogue = await shop.app.inject({ url: '/api/products' });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.headers['cache-control']).not.toBe('no-store');
  });
});

describe('a body over the limit', () => {
  it('answers 413 with its message, in the visitor’s language', async () => {
    const tooLarge = JSON.stringify(sampleOrder({ street: 'x'.repeat(70_000) }));
    const english = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: tooLarge, headers: { 'content-type': 'application/json' } });
    expect(english.statusCode).toBe(413);
    expect(english.json()).toMatchObject({ error: 'too_large', message: 'The request is too large (at most 64 KB).' });
    const romanian = await shop.app.inject({ method: 'POST', url: '/api/orders', payload: tooLarge, headers: { 'content-type': 'application/json', 'accept-language': 'ro' } });
    expect(romanian.statusCode).toBe(413);
    expect(romanian.json().message).not.toBe(english.json().message);
  });
});
