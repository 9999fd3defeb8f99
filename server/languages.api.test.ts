import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../db/schema/catalog';
import { setUpTestApp, signUpCustomer, TEST_ORIGIN } from '../testing/app';
import { sampleOrder } from '../testing/sampleOrder';

// One connection may place one order a minute here, so the third case meets the limit.
const shop = setUpTestApp({ orderLimits: { perIp: 1, perContact: 100, windowSeconds: 600 } });

/** The three ways a visitor's language reaches the API: none (English), the browser's, the switch's cookie. */
const LANGUAGES = [
  { name: 'by default', headers: {}, language: 'en' },
  { name: 'with Accept-Language: ro-RO', headers: { 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8' }, language: 'ro' },
  { name: 'with the cookie lang=ro (over an English browser)', headers: { cookie: 'lang=ro', 'accept-language': 'en-US' }, language: 'ro' },
] as const;

let connection = 0;
/** Each request from its own address, clear of the order limit unless a case means to meet it. */
const nextAddress = () => `203.0.113.${++connection}`;

const order = (headers: Record<string, string>, body: object, remoteAddress = nextAddress()) => shop.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers, remoteAddress });

describe.each(LANGUAGES)('the API answers a bad request in the visitor’s language, $name', ({ headers, language }) => {
  const say = (en: string, ro: string) => (language === 'ro' ? ro : en);

  it('for a product that is sold out, or of which too few are left', async () => {
    try {
      await shop.database.db.update(products).set({ stock: 2 }).where(eq(products.id, '2'));
      const few = await order(headers, sampleOrder({ lines: [{ productId: '2', quantity: 3 }] }));
      expect(few.statusCode).toBe(409);
      expect(few.json()).toMatchObject({ code: 'out_of_stock', message: say('Only 2 left of Dummy Car Key', 'Au mai rămas doar 2 bucăți din Cheie auto cu ascunzătoare') });

      await shop.database.db.update(products).set({ stock: 0 }).where(eq(products.id, '2'));
      const none = await order(headers, sampleOrder({ lines: [{ productId: '2', quantity: 1 }] }));
      expect(none.json().message).toBe(say('Dummy Car Key is sold out', 'Cheie auto cu ascunzătoare s-a epuizat'));
    } finally {
      await shop.database.db.update(products).set({ stock: null }).where(eq(products.id, '2'));
    }
  });

  it('for an unknown product', async () => {
    const answer = await order(headers, sampleOrder({ lines: [{ productId: '999', quantity: 1 }] }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'unknown_product',
      message: say('Unknown product: 999. Please refresh the shop and try again.', 'Produs necunoscut: 999. Reîncarcă magazinul și încearcă din nou.'),
    });
  });

  it('for too many orders from one connection', async () => {
    const address = nextAddress();
    expect((await order(headers, sampleOrder(), address)).statusCode).toBe(201);
    const refused = await order(headers, sampleOrder(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      say('Too many orders from this connection. Please wait a few minutes and try again.', 'Prea multe comenzi de la această conexiune. Așteaptă câteva minute și încearcă din nou.'),
    );
  });

  it('for a body that is not JSON', async () => {
    const answer = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: '{"email": ',
      headers: { ...headers, 'content-type': 'application/json' },
      remoteAddress: nextAddress(),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: 'bad_request',
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      message: say('The request body is not valid JSON.', 'Corpul cererii nu este JSON valid.'),
    });
  });

  it('for a wrong password (better-auth’s own refusal), keeping its code', async () => {
    const { email } = await signUpCustomer(shop.app);
    const answer = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'wrong-password' },
      headers: { ...headers, origin: TEST_ORIGIN },
      remoteAddress: nextAddress(),
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD', message: say('Invalid email or password', 'E-mail sau parolă greșită') });
  });

  it('for a sign-in without a password (checked before better-auth)', async () => {
    const answer = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'ana@example.ro' },
      headers: { ...headers, origin: TEST_ORIGIN },
      remoteAddress: nextAddress(),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(say('Password is required.', 'Parola este obligatorie.'));
  });

  it('for the back office without signing in (its own catalogue)', async () => {
    const answer = await shop.app.inject({ method: 'GET', url: '/api/admin/orders', headers });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe(say('Please sign in with the shop owner’s account.', 'Autentifică-te cu contul proprietarului magazinului.'));
  });
});
