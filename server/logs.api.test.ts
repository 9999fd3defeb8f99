import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { orders } from '../db/schema/orders';
import { seedCatalog } from '../db/seed';
import { buildTestApp, TEST_AUTH_SECRET, TEST_ORIGIN, type TestApp } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { sampleOrder } from '../testing/sampleOrder';
import { createStripeGateway } from './integrations/stripe';
import { createLogger } from './logging';
import { createAuth } from './modules/accounts/auth';

/** A customer whose every detail is distinctive, so finding any of it in the log is unambiguous. */
const CUSTOMER = {
  email: 'ioana.tainic@example.ro',
  firstName: 'Ioana-Personal',
  lastName: 'Vasilescu-Tainic',
  country: 'Romania',
  county: 'CJ',
  city: 'Tainicesti-Oras',
  street: 'Strada Ascunsa Secreta',
  streetNumber: 'Nr-17B-X',
  postalCode: '407713',
  phoneNumber: '+40 799 111 222',
};
const PASSWORD = 'parola-foarte-secreta-1';
const SECRETS = {
  cookie: 'better-auth.session_token=COOKIE-SECRET-abc123',
  authorization: 'Bearer AUTH-SECRET-xyz789',
  stripeSignature: 't=1700000000,v1=SIGNATURE-SECRET-def456',
};
const WEBHOOK_SECRET = 'whsec_logs_test';

/** Everything that must never appear in the log, in the forms it could take (the phone's digits too). */
const FORBIDDEN = [
  ...Object.entries(CUSTOMER)
    .filter(([field]) => field !== 'country' && field !== 'county')
    .map(([, value]) => value),
  '799111222',
  '799 111 222',
  PASSWORD,
  'COOKIE-SECRET-abc123',
  'AUTH-SECRET-xyz789',
  'SIGNATURE-SECRET-def456',
  WEBHOOK_SECRET,
  TEST_AUTH_SECRET,
];

const lines: string[] = [];
const capture = { write: (line: string) => void lines.push(line) };
const log = () => lines.join('');

let database: Database;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database.db);
  // Parsing webhooks needs no network: the API URL is never called in these tests.
  const stripe = await createStripeGateway({ secretKey: 'sk_test_logs', webhookSecret: WEBHOOK_SECRET, apiUrl: 'http://127.0.0.1:9' });
  app = await buildTestApp(database.db, { stripe, log: { level: 'info', stream: capture } });

  // Test-only routes: a failure deep in the database with the customer's details as the query's
  // parameters, and code that carelessly logs a request's headers.
  app.post('/api/test/database-failure', async () => {
    await database.db.insert(orders).values({
      ...CUSTOMER,
      firstName: `${CUSTOMER.firstName}\u0000`,
      status: 'pending',
      paymentMethod: 'cod',
      subtotal: 1,
      shipping: 0,
      shippingVatRate: 2100,
      shippingVat: 0,
      totalAmount: 1,
      currency: 'RON',
      idempotencyKey: randomUUID(),
      requestHash: 'x',
    });
  });
  app.get('/api/test/careless-logging', async (request) => {
    request.log.info({ headers: request.headers, body: CUSTOMER, order: { email: CUSTOMER.email, iban: 'RO49AAAA1B31007593840000' } }, 'careless');
    return { ok: true };
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const headers = { cookie: SECRETS.cookie, authorization: SECRETS.authorization };

describe('the log', () => {
  it('holds no personal data nor secrets after failures of every kind, and still says what happened', async () => {
    // An order refused for a NUL, a placed order, and reading it back with the email in the URL.
    expect((await app.inject({ method: 'POST', url: '/api/orders', headers, payload: sampleOrder({ ...CUSTOMER, firstName: 'Ioa\u0000na' }) })).statusCode).toBe(400);
    const placed = await app.inject({ method: 'POST', url: '/api/orders', headers, payload: sampleOrder(CUSTOMER) });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().id;
    expect((await app.inject({ method: 'GET', url: `/api/orders/${id}?email=${encodeURIComponent(CUSTOMER.email)}`, headers })).statusCode).toBe(200);

    // A failing request carrying a session cookie and an authorization header.
    expect((await app.inject({ method: 'GET', url: '/api/orders', headers })).statusCode).toBe(401);

    // A webhook with a bad signature, and a signed one whose customer details Stripe collected
    // hold a NUL (whatever the shop answers to it, the log must not quote them).
    const badSignature = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': SECRETS.stripeSignature },
      payload: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    });
    expect(badSignature.statusCode).toBe(400);
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_test_${randomUUID().replaceAll('-', '')}`,
          object: 'checkout.session',
          payment_status: 'paid',
          metadata: { kind: 'product', productId: '1' },
          customer_details: {
            email: CUSTOMER.email,
            name: `${CUSTOMER.firstName} ${CUSTOMER.lastName}\u0000`,
            phone: CUSTOMER.phoneNumber,
            address: { line1: CUSTOMER.street, line2: CUSTOMER.streetNumber, city: CUSTOMER.city, postal_code: CUSTOMER.postalCode, country: 'RO' },
          },
        },
      },
    });
    const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    await app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

    // Sign-up, then sign-in with the known email and a wrong password, and with a NUL.
    const auth = (path: string, body: object, ip: string) => app.inject({ method: 'POST', url: `/api/auth/${path}`, payload: body, remoteAddress: ip, headers: { origin: TEST_ORIGIN, ...headers } });
    expect((await auth('sign-up/email', { email: CUSTOMER.email, password: PASSWORD, name: CUSTOMER.firstName }, '10.7.0.1')).statusCode).toBe(200);
    expect((await auth('sign-in/email', { email: CUSTOMER.email, password: `${PASSWORD}-wrong` }, '10.7.0.2')).statusCode).toBe(401);
    expect((await auth('sign-in/email', { email: CUSTOMER.email, password: `${PASSWORD}\u0000` }, '10.7.0.3')).statusCode).toBe(400);
    expect((await auth('sign-in/email', { email: CUSTOMER.email, password: PASSWORD }, '10.7.0.4')).statusCode).toBe(200);

    // A failed query carrying the customer's details, and code that logs headers and a body.
    const failure = await app.inject({ method: 'POST', url: '/api/test/database-failure', headers, payload: {} });
    expect(failure.statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/api/test/careless-logging', headers: { ...headers, 'stripe-signature': SECRETS.stripeSignature } })).statusCode).toBe(200);

    const text = log();
    for (const value of FORBIDDEN) expect(text, `the log contains ${JSON.stringify(value)}`).not.toContain(value);
    expect(text.toLowerCase()).not.toContain(CUSTOMER.email.toLowerCase());

    // Still useful: every line is JSON; requests, answers and the database error are there, by code.
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((entry) => entry.msg === 'incoming request').length).toBeGreaterThanOrEqual(12);
    const statuses = entries.map((entry) => (entry.res as { statusCode?: number } | undefined)?.statusCode);
    expect(statuses).toEqual(expect.arrayContaining([201, 200, 400, 401, 500]));
    type LoggedError = { type: string; message: string; stack: string; code?: string; cause?: LoggedError };
    // The last failure logged is the test route's.
    const failed = entries.filter((entry) => entry.msg === 'request failed').at(-1);
    const err = failed?.err as LoggedError;
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toMatch(/^Failed query: insert into "orders" .* values \(default, default, \$1, \$2/);
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err.cause).toMatchObject({ code: '22021', message: expect.stringMatching(/invalid byte sequence/) });
    expect(text).toContain(`/api/orders/${id}?[redacted]`);
    const careless = entries.find((entry) => entry.msg === 'careless') as { headers: Record<string, string>; body: unknown; order: { email: string; iban: string } };
    expect(careless.headers).toMatchObject({ cookie: '[redacted]', authorization: '[redacted]', 'stripe-signature': '[redacted]' });
    expect(careless.body).toBe('[redacted]');
    expect(careless.order.email).toBe('[redacted]');
    expect(careless.order.iban).toBe('[redacted]');
    expect(text).not.toContain('RO49AAAA1B31007593840000');
  });

  it('keeps better-auth’s own error lines, without the failed query’s values', async () => {
    const own: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void own.push(line) });
    const auth = createAuth(database.db, { baseURL: TEST_ORIGIN, secret: TEST_AUTH_SECRET, secureCookies: false }, logger);
    const failure = await database.db
      .insert(orders)
      .values({
        ...CUSTOMER,
        firstName: '\u0000',
        status: 'pending',
        paymentMethod: 'cod',
        subtotal: 1,
        shipping: 0,
        shippingVatRate: 2100,
        shippingVat: 0,
        totalAmount: 1,
        currency: 'RON',
        idempotencyKey: randomUUID(),
        requestHash: 'x',
      })
      .catch((error: unknown) => error);
    (await auth.$context).logger.error(`Failed to create user ${CUSTOMER.email}`, failure, { user: CUSTOMER });

    const text = own.join('');
    expect(text).toContain('Failed to create user [email]');
    expect(text).toContain('"source":"better-auth"');
    expect(text).toContain('"code":"22021"');
    for (const value of FORBIDDEN) expect(text, `the log contains ${JSON.stringify(value)}`).not.toContain(value);
  });
});
