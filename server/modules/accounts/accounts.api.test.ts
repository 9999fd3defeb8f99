import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, session, user } from '../../../db/schema/accounts';
import { orders } from '../../../db/schema/orders';
import { sessionCookie, setUpTestApp, TEST_AUTH_SECRET, TEST_COMPANY, TEST_INVOICING, TEST_ORIGIN, testUploadsDir } from '../../../testing/app';
import { sampleOrder } from '../../../testing/sampleOrder';
import { buildApp } from '../../app';

const shop = setUpTestApp();

let ipCounter = 0;
/** Each call looks like a different visitor unless an address is given, so rate limits stay out of the way. */
function authPost(path: string, payload: object, options: { cookie?: string; ip?: string; origin?: string } = {}) {
  ipCounter += 1;
  return shop.app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    payload,
    remoteAddress: options.ip ?? `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    headers: { origin: options.origin ?? TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
}

const uniqueEmail = () => `user-${randomUUID().slice(0, 8)}@example.ro`;

async function signUp(email = uniqueEmail(), password = 'secret123') {
  const response = await authPost('/sign-up/email', { email, password, name: email.split('@')[0] });
  expect(response.statusCode, response.body).toBe(200);
  return { email, password, cookie: sessionCookie(response) };
}

const getSession = (cookie?: string) => shop.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: cookie ? { cookie } : {} });

describe('sign-up', () => {
  it('creates the account, hashes the password and signs the visitor in with a persistent HttpOnly SameSite=Lax cookie', async () => {
    const email = uniqueEmail();
    const response = await authPost('/sign-up/email', { email, password: 'secret123', name: 'ana' });
    expect(response.statusCode).toBe(200);
    const raw = ([] as string[]).concat(response.headers['set-cookie'] as string | string[]).find((c) => c.includes('session_token='))!;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).toMatch(/Max-Age=\d+|Expires=/i);
    expect(raw).not.toMatch(/Secure/i);

    const [created] = await shop.database.db.select().from(user).where(eq(user.email, email));
    const [credentials] = await shop.database.db.select().from(account).where(eq(account.userId, created!.id));
    expect(credentials!.password).toBeTruthy();
    expect(credentials!.password).not.toContain('secret123');

    const me = await getSession(sessionCookie(response));
    expect(me.json().user.email).toBe(email);
  });

  it('refuses an email that is already registered, with the server message', async () => {
    const { email } = await signUp();
    const again = await authPost('/sign-up/email', { email, password: 'another123', name: 'x' });
    // better-auth's answer, passed through as it is: the sign-up form shows the message.
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'User already exists. Use another email.', code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
    expect(await shop.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });

  it('enforces the 6-character minimum on the server too', async () => {
    const response = await authPost('/sign-up/email', { email: uniqueEmail(), password: '12345', name: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/too short/i);
    const ok = await authPost('/sign-up/email', { email: uniqueEmail(), password: 'k7#pQz', name: 'x' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses the commonest passwords, whatever their case, with a clear message, creating nothing', async () => {
    for (const password of ['password123', 'Password123', '123456', 'iloveyou']) {
      const email = uniqueEmail();
      const response = await authPost('/sign-up/email', { email, password, name: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'password_too_common', message: 'This password is one of the most commonly used, and easy to guess: please choose another.' });
      expect(await shop.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    }
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password, refuses a wrong one with the server message', async () => {
    const { email, password } = await signUp();
    const wrong = await authPost('/sign-in/email', { email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/invalid email or password/i);

    const right = await authPost('/sign-in/email', { email, password });
    expect(right.statusCode).toBe(200);
    expect((await getSession(sessionCookie(right))).json().user.email).toBe(email);
  });

  it('ends the session on the server at sign-out: the old cookie no longer works', async () => {
    const { cookie } = await signUp();
    expect((await getSession(cookie)).json()).not.toBeNull();
    const sessionsBefore = await shop.database.db.select().from(session);
    const out = await authPost('/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await getSession(cookie)).json()).toBeNull();
    expect((await shop.database.db.select().from(session)).length).toBe(sessionsBefore.length - 1);
  });

  it('renews a session that is in use: an older session gets a fresh 30-day expiry and cookie', async () => {
    const { email, cookie } = await signUp();
    const [owner] = await shop.database.db.select().from(user).where(eq(user.email, email));
    // Pretend the session was made 20 days ago: 10 days left, older than the one-day renewal age.
    const tenDays = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    await shop.database.db.update(session).set({ expiresAt: tenDays }).where(eq(session.userId, owner!.id));
    const response = await getSession(cookie);
    expect(response.json().user.email).toBe(email);
    const [renewed] = await shop.database.db.select().from(session).where(eq(session.userId, owner!.id));
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(String(response.headers['set-cookie'])).toMatch(/session_token=/);
  });

  it('refuses a request that carries the session cookie from another origin (origin check stays on)', async () => {
    const { email, cookie } = await signUp();
    const response = await authPost('/sign-out', {}, { cookie, origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    // The session is still the same customer's, signed in.
    expect((await getSession(cookie)).json()).toMatchObject({ user: { email } });
  });

  it('marks the cookie Secure when the shop is served over HTTPS', async () => {
    const uploadsDir = testUploadsDir();
    const secureApp = await buildApp({
      db: shop.database.db,
      config: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        WEB_ROOT: './no-web-app',
        SSR_ENTRY: './no-ssr-entry.js',
        TRUST_PROXY: false,
        CARD_PAYMENTS_ENABLED: false,
        ORDER_LIMIT_PER_IP: 10,
        ORDER_LIMIT_PER_CONTACT: 5,
        ORDER_LIMIT_WINDOW_SECONDS: 600,
        ORDER_MAX_TOTAL_LEI: 100_000,
        SHIPMENT_OVERDUE_DAYS: 7,
        COD_CONFIRM_REMINDER_HOURS: 24,
        DISCOUNT_CHECKS_PER_IP: 30,
        DISCREET_SHIPPING: true,
        SHIPPING_CONTENTS: 'Accesorii',
      },
      auth: { baseURL: 'https://shop.example.ro', secret: TEST_AUTH_SECRET, secureCookies: true },
      stripe: null,
      listen: shop.database.listen,
      company: TEST_COMPANY,
      invoicing: TEST_INVOICING,
      uploadsDir,
    });
    try {
      const response = await secureApp.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: uniqueEmail(), password: 'secret123', name: 'x' },
        headers: { origin: 'https://shop.example.ro' },
      });
      expect(response.statusCode).toBe(200);
      const raw = ([] as string[]).concat(response.headers['set-cookie'] as string | string[]).find((c) => c.includes('session_token='))!;
      expect(raw).toMatch(/; Secure/i);
      expect(raw).toMatch(/HttpOnly/i);
    } finally {
      await secureApp.close();
      await rm(uploadsDir, { recursive: true, force: true });
    }
  });
});

describe('rate limiting', () => {
  it('allows 10 sign-in tries a minute per email, then answers 429 with a clear message, from any address', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 10; i += 1) {
      expect((await authPost('/sign-in/email', { email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const blocked = await authPost('/sign-in/email', { email, password: 'wrong-again' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please wait a minute and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('allows 10 tries a minute per IP address, whatever the email', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 10; i += 1) {
      expect((await authPost('/sign-in/email', { email: uniqueEmail(), password: 'whatever1' }, { ip })).statusCode).toBe(401);
    }
    expect((await authPost('/sign-up/email', { email: uniqueEmail(), password: 'whatever1', name: 'x' }, { ip })).statusCode).toBe(200);
    expect((await authPost('/sign-in/email', { email: uniqueEmail(), password: 'whatever1' }, { ip })).statusCode).toBe(429);
    expect((await authPost('/sign-in/email', { email: uniqueEmail(), password: 'whatever1' }, { ip: '203.0.113.10' })).statusCode).toBe(401);
  });
});

describe('orders of signed-in customers', () => {
  const orderBody = (email: string) => sampleOrder({ email, lines: [{ productId: '2', quantity: 1 }] });
  const placeOrder = (email: string, cookie?: string) => shop.app.inject({ method: 'POST', url: '/api/orders', payload: orderBody(email), headers: cookie ? { cookie } : {} });

  it('links the order to the account and lists it under My orders, and nobody else’s', async () => {
    const ana = await signUp();
    const dan = await signUp();
    const anaOrder = (await placeOrder(ana.email, ana.cookie)).json().id;
    const danOrder = (await placeOrder(dan.email, dan.cookie)).json().id;
    await placeOrder('guest@example.ro');

    const [stored] = await shop.database.db.select().from(orders).where(eq(orders.id, anaOrder));
    const [anaUser] = await shop.database.db.select().from(user).where(eq(user.email, ana.email));
    expect(stored!.userId).toBe(anaUser!.id);

    const mine = await shop.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: ana.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().orders.map((o: { id: string }) => o.id)).toEqual([anaOrder]);
    expect(mine.json().orders[0]).toMatchObject({ status: 'pending', total: 6499 + 1999, lines: [{ name: 'Dummy Car Key', quantity: 1 }] });

    expect((await shop.app.inject({ method: 'GET', url: `/api/orders/${anaOrder}`, headers: { cookie: ana.cookie } })).statusCode).toBe(200);
    // Someone else's order is "not found", even with its email.
    expect((await shop.app.inject({ method: 'GET', url: `/api/orders/${danOrder}`, headers: { cookie: ana.cookie } })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: 'GET', url: `/api/orders/${danOrder}?email=${dan.email}` })).statusCode).toBe(404);
  });

  it('asks a guest to sign in for My orders', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/orders' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please sign in to see your orders.');
  });
});
