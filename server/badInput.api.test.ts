/**
 * Bad input against every write endpoint: each case must get a 4xx (never a 5xx) with a JSON
 * `message` a person can read, and write nothing. Then tampered fields that must change nothing.
 */
import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { asc, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { account, session, user, verification } from '../db/schema/accounts';
import { priceHistory, productSlugs, products } from '../db/schema/catalog';
import { orderEvents, orderLines, orders, paymentEvents } from '../db/schema/orders';
import { outbox } from '../db/schema/outbox';
import { seedCatalog } from '../db/seed';
import { buildTestApp, signUpCustomer, signUpOwner, TEST_ORIGIN, type TestApp, testUploadsDir } from '../testing/app';
import { createTestDatabase } from '../testing/database';
import { type FakeStripe, startFakeStripe } from '../testing/fakeStripe';
import { sampleOrder } from '../testing/sampleOrder';
import { createStripeGateway } from './integrations/stripe';

const WEBHOOK_SECRET = 'whsec_bad_input';
const signer = new Stripe('sk_test_signer');
const REGISTERED = { email: 'already@example.ro', password: 'secret123', name: 'already' };

let database: Database;
let fake: FakeStripe;
let app: TestApp;
/** The back office's cases are sent as this owner, about this pending order (ORDER in their URLs) and its confirmation mail, still queued (MAIL). */
let ownerCookie: string;
let customerCookie: string;
let orderId: string;
let mailId: number;
const uploadsDir = testUploadsDir();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(database.db);
  await database.db.update(products).set({ stripePriceId: 'price_lighter' }).where(eq(products.id, '1'));
  await database.db.update(products).set({ stripePriceId: 'price_key' }).where(eq(products.id, '2'));
  fake = await startFakeStripe({ prices: { price_lighter: 3999, price_key: 6499 } });
  const stripe = await createStripeGateway({ secretKey: 'sk_test_shop', webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
  app = await buildTestApp(database.db, { stripe, cardPayments: true, uploadsDir });
  const registered = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: REGISTERED, headers: { origin: TEST_ORIGIN }, remoteAddress: '10.66.0.1' });
  expect(registered.statusCode).toBe(200);
  ownerCookie = (await signUpOwner(app, database.db, 'bad-input-owner@example.ro')).cookie;
  customerCookie = (await signUpCustomer(app)).cookie;
  const placed = await app.inject({ method: 'POST', url: '/api/orders', payload: sampleOrder(), remoteAddress: '10.66.0.2' });
  expect(placed.statusCode).toBe(201);
  orderId = placed.json().id;
  const [mail] = await database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.orderId, orderId)).orderBy(asc(outbox.id));
  mailId = mail!.id;
});

afterAll(async () => {
  await app?.close();
  await fake?.close();
  await database?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

type Endpoint =
  | '/api/orders'
  | '/api/auth/sign-up/email'
  | '/api/auth/sign-in/email'
  | '/api/auth/request-password-reset'
  | '/api/auth/reset-password'
  | '/api/orders/withdrawal'
  | '/api/orders/withdrawal/order'
  | '/api/stripe/webhook'
  | '/api/payments/product-checkout'
  | '/api/admin/orders/ORDER/status'
  | `/api/admin/orders/${string}/status`
  | '/api/admin/owners'
  | `/api/admin/mails/${string}/resend`
  | `/api/admin/products${string}`;

interface Case {
  name: string;
  url: Endpoint;
  /** POST unless given. */
  method?: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent with the shop owner's session (the back office's endpoints). */
  owner?: boolean;
  /** An object is sent as JSON; a string or Buffer as it is. */
  body?: unknown;
  /** The Content-Type header: application/json by default, null for none. */
  contentType?: string | null;
  headers?: Record<string, string>;
  /** The exact status: 400 unless given. */
  status?: number;
  /** The message, or what it must match. */
  message?: string | RegExp;
}

// ---- helpers to build bodies ------------------------------------------------------------------

const order = (overrides: Record<string, unknown> = {}) => sampleOrder(overrides);
function orderWithout(field: string) {
  const body: Record<string, unknown> = sampleOrder();
  delete body[field];
  return body;
}
/** An order body whose text for `field` is replaced by raw bytes (not valid UTF-8). */
function orderWithBytes(bytes: number[]) {
  const text = JSON.stringify(sampleOrder({ firstName: '@@' }));
  const [before, after] = text.split('@@') as [string, string];
  return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
}
const withBytes = (json: string, bytes: number[]) => {
  const [before, after] = json.split('@@') as [string, string];
  return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
};
const signUp = (overrides: Record<string, unknown> = {}) => ({ email: `new-${randomUUID().slice(0, 8)}@example.ro`, password: 'secret123', name: 'new', ...overrides });
function signUpWithout(field: string) {
  const body: Record<string, unknown> = signUp();
  delete body[field];
  return body;
}
const signIn = (overrides: Record<string, unknown> = {}) => ({ email: REGISTERED.email, password: REGISTERED.password, ...overrides });

const SHIPPING_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  country: 'Country',
  city: 'City',
  street: 'Street',
  streetNumber: 'Street number',
  postalCode: 'Postal code',
  phoneNumber: 'Phone number',
};
const controlInField = (field: string, label: string, control: string): Case => ({
  name: `order: ${JSON.stringify(control)} in ${field}`,
  url: '/api/orders',
  body: order({ [field]: `Ab${control}cd` }),
  message: `${label} must not contain control characters.`,
});

/** Signs a webhook payload as Stripe would, with `secret` and a timestamp (now by default). */
const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) => signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
const completedEvent = JSON.stringify({
  id: 'evt_bad_input',
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_x', object: 'checkout.session', payment_status: 'paid', metadata: { kind: 'product', productId: '1' } } },
});

const NOT_JSON = 'The request body is not valid JSON.';
const NOT_UTF8 = 'The request body is not valid UTF-8 text.';
const MUST_BE_JSON = 'The request body must be JSON (Content-Type: application/json).';
const NOT_OBJECT = 'The request body must be a JSON object.';
const TOO_LARGE = /^The request is too large/;

// ---- the cases --------------------------------------------------------------------------------

const orderCases: Case[] = [
  // Not JSON, not an object, not UTF-8
  { name: 'order: malformed JSON', url: '/api/orders', body: '{"email":', message: NOT_JSON },
  { name: 'order: trailing comma', url: '/api/orders', body: '{"email":"a@b.ro",}', message: NOT_JSON },
  { name: 'order: single-quoted JSON', url: '/api/orders', body: "{'email':'a@b.ro'}", message: NOT_JSON },
  { name: 'order: empty body', url: '/api/orders', body: '', message: /empty/ },
  { name: 'order: null', url: '/api/orders', body: 'null', message: NOT_OBJECT },
  { name: 'order: an array', url: '/api/orders', body: '[]', message: NOT_OBJECT },
  { name: 'order: a string', url: '/api/orders', body: '"order"', message: NOT_OBJECT },
  { name: 'order: a number', url: '/api/orders', body: '42', message: NOT_OBJECT },
  { name: 'order: __proto__ key', url: '/api/orders', body: `{"__proto__":{"admin":true},${JSON.stringify(order()).slice(1)}`, message: NOT_JSON },
  { name: 'order: 20,000 nested arrays', url: '/api/orders', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, message: NOT_OBJECT },
  { name: 'order: text/plain', url: '/api/orders', body: JSON.stringify(order()), contentType: 'text/plain', message: MUST_BE_JSON },
  { name: 'order: form-urlencoded', url: '/api/orders', body: 'email=a%40b.ro&firstName=Ana', contentType: 'application/x-www-form-urlencoded', message: MUST_BE_JSON },
  {
    name: 'order: multipart',
    url: '/api/orders',
    body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.ro\r\n--x--',
    contentType: 'multipart/form-data; boundary=x',
    message: MUST_BE_JSON,
  },
  { name: 'order: XML', url: '/api/orders', body: '<order><email>a@b.ro</email></order>', contentType: 'application/xml', message: MUST_BE_JSON },
  { name: 'order: no content type', url: '/api/orders', body: JSON.stringify(order()), contentType: null },
  { name: 'order: invalid UTF-8 byte 0xFF', url: '/api/orders', body: orderWithBytes([0xff]), message: NOT_UTF8 },
  { name: 'order: overlong UTF-8 (0xC0 0xAF)', url: '/api/orders', body: orderWithBytes([0xc0, 0xaf]), message: NOT_UTF8 },
  { name: 'order: truncated UTF-8 sequence', url: '/api/orders', body: orderWithBytes([0xe2, 0x82]), message: NOT_UTF8 },
  { name: 'order: UTF-8 encoded surrogate (0xED 0xA0 0x80)', url: '/api/orders', body: orderWithBytes([0xed, 0xa0, 0x80]), message: NOT_UTF8 },
  { name: 'order: lone surrogate escape', url: '/api/orders', body: JSON.stringify(order({ firstName: '@@' })).replace('@@', 'A\\ud800'), message: NOT_UTF8 },
  { name: 'order: UTF-16 body', url: '/api/orders', body: Buffer.from(JSON.stringify(order()), 'utf16le') },
  { name: 'order: body over 64 KB', url: '/api/orders', body: order({ street: 'x'.repeat(70_000) }), message: TOO_LARGE, status: 413 },
  // Missing fields
  ...['email', ...Object.keys(SHIPPING_LABELS), 'lines', 'paymentMethod', 'idempotencyKey'].map((field): Case => ({ name: `order: missing ${field}`, url: '/api/orders', body: orderWithout(field) })),
  // Blanks
  ...Object.entries(SHIPPING_LABELS).map(([field, label]): Case => ({ name: `order: blank ${field}`, url: '/api/orders', body: order({ [field]: '   ' }), message: `${label} is required.` })),
  { name: 'order: blank email', url: '/api/orders', body: order({ email: ' ' }) },
  // Wrong types and values
  { name: 'order: firstName a number', url: '/api/orders', body: order({ firstName: 42 }), message: 'First name is required.' },
  { name: 'order: lastName null', url: '/api/orders', body: order({ lastName: null }), message: 'Last name is required.' },
  { name: 'order: email an array', url: '/api/orders', body: order({ email: ['a@b.ro'] }) },
  { name: 'order: email without @', url: '/api/orders', body: order({ email: 'ana.example.ro' }), message: 'Enter a valid email address, like name@example.com.' },
  { name: 'order: lines an object', url: '/api/orders', body: order({ lines: { productId: '1', quantity: 1, colour: 'Black' } }) },
  { name: 'order: lines a string', url: '/api/orders', body: order({ lines: '1x2' }) },
  { name: 'order: lines of numbers', url: '/api/orders', body: order({ lines: [1, 2] }), message: 'Each line needs a product and a quantity.' },
  { name: 'order: empty lines', url: '/api/orders', body: order({ lines: [] }), message: 'Your cart is empty.' },
  { name: 'order: quantity as text', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: '2' }] }), message: 'Quantity must be a whole number.' },
  { name: 'order: fractional quantity', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: 1.5 }] }), message: 'Quantity must be a whole number.' },
  { name: 'order: quantity 0', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: 0, colour: 'Black' }] }), message: 'Quantity must be at least 1.' },
  { name: 'order: negative quantity', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: -3 }] }), message: 'Quantity must be at least 1.' },
  { name: 'order: quantity 100', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: 100, colour: 'Black' }] }), message: 'Quantity must be at most 99.' },
  { name: 'order: quantity 1e308', url: '/api/orders', body: JSON.stringify(order()).replace('"quantity":2', '"quantity":1e308'), message: /^Quantity must be/ },
  { name: 'order: quantity null', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: null }] }) },
  { name: 'order: productId a number', url: '/api/orders', body: order({ lines: [{ productId: 1, quantity: 1 }] }) },
  { name: 'order: blank productId', url: '/api/orders', body: order({ lines: [{ productId: ' ', quantity: 1 }] }), message: 'Each line needs a product.' },
  { name: 'order: payment method bitcoin', url: '/api/orders', body: order({ paymentMethod: 'bitcoin' }), message: 'Payment method must be cod or card.' },
  { name: 'order: payment method true', url: '/api/orders', body: order({ paymentMethod: true }), message: 'Payment method must be cod or card.' },
  { name: 'order: short idempotency key', url: '/api/orders', body: order({ idempotencyKey: 'abc' }), message: 'idempotencyKey must be 16 to 100 characters.' },
  { name: 'order: idempotency key a number', url: '/api/orders', body: order({ idempotencyKey: 1234567890123456 }), message: 'idempotencyKey is required.' },
  { name: 'order: phone number in words', url: '/api/orders', body: order({ phoneNumber: 'call me maybe' }) },
  // Too long
  { name: 'order: first name of 101 characters', url: '/api/orders', body: order({ firstName: 'A'.repeat(101) }), message: 'First name is too long (at most 100 characters).' },
  { name: 'order: street of 201 characters', url: '/api/orders', body: order({ street: 'S'.repeat(201) }), message: 'Street is too long (at most 200 characters).' },
  { name: 'order: postal code of 21 characters', url: '/api/orders', body: order({ postalCode: '4'.repeat(21) }), message: 'Postal code is too long (at most 20 characters).' },
  { name: 'order: email of 300 characters', url: '/api/orders', body: order({ email: `${'a'.repeat(290)}@example.ro` }), message: /too long/ },
  { name: 'order: product id of 65 characters', url: '/api/orders', body: order({ lines: [{ productId: 'p'.repeat(65), quantity: 1 }] }), message: 'Product id is too long.' },
  { name: 'order: idempotency key of 101 characters', url: '/api/orders', body: order({ idempotencyKey: 'k'.repeat(101) }) },
  { name: 'order: 51 lines', url: '/api/orders', body: order({ lines: Array.from({ length: 51 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) }), message: 'An order can have at most 50 lines.' },
  // NUL in every text field, other control characters
  ...Object.entries(SHIPPING_LABELS).map(([field, label]) => controlInField(field, label, '\u0000')),
  { name: 'order: NUL in email', url: '/api/orders', body: order({ email: 'an\u0000a@example.ro' }), message: 'Email must not contain control characters.' },
  { name: 'order: NUL in idempotency key', url: '/api/orders', body: order({ idempotencyKey: `${randomUUID()}\u0000` }), message: 'idempotencyKey must not contain control characters.' },
  { name: 'order: NUL in product id', url: '/api/orders', body: order({ lines: [{ productId: '1\u0000', quantity: 1 }] }), message: 'Product id must not contain control characters.' },
  controlInField('city', 'City', '\u0007'),
  controlInField('street', 'Street', '\u001b[2J'),
  controlInField('lastName', 'Last name', '\u007f'),
  controlInField('firstName', 'First name', '\u0085'),
  controlInField('street', 'Street', '\n'),
  controlInField('postalCode', 'Postal code', '\t'),
  controlInField('phoneNumber', 'Phone number', '\r'),
  // Products that do not exist
  { name: 'order: unknown product', url: '/api/orders', body: order({ lines: [{ productId: '999', quantity: 1 }] }), message: /^Unknown product: 999/ },
  { name: 'order: product id with SQL', url: '/api/orders', body: order({ lines: [{ productId: "1'; drop table orders;--", quantity: 1 }] }), message: /^Unknown product/ },
  {
    name: 'order: the same product twice',
    url: '/api/orders',
    body: order({
      lines: [
        { productId: '1', quantity: 1, colour: 'Black' },
        { productId: '1', quantity: 2, colour: 'Black' },
      ],
    }),
    message: 'Each product may appear only once in each colour.',
  },
  {
    name: 'order: one colour twice, in other cases',
    url: '/api/orders',
    body: order({
      lines: [
        { productId: '1', quantity: 1, colour: 'Black' },
        { productId: '1', quantity: 2, colour: 'BLACK' },
      ],
    }),
    message: 'Each product may appear only once in each colour.',
  },
  // Colours
  { name: 'order: colour a number', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: 1, colour: 7 }] }), message: 'Colour must be text.' },
  { name: 'order: colour an object', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: 1, colour: { name: 'Black' } }] }), message: 'Colour must be text.' },
  { name: 'order: blank colour', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: 1, colour: '  ' }] }), message: 'Colour must not be blank.' },
  {
    name: 'order: colour of 41 characters',
    url: '/api/orders',
    body: order({ lines: [{ productId: '1', quantity: 1, colour: 'B'.repeat(41) }] }),
    message: 'Colour is too long (at most 40 characters).',
  },
  { name: 'order: NUL in colour', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: 1, colour: 'Bl\u0000ack' }] }), message: 'Colour must not contain control characters.' },
  {
    name: 'order: a colour the product does not have',
    url: '/api/orders',
    body: order({ lines: [{ productId: '1', quantity: 1, colour: 'Green' }] }),
    status: 400,
    message: 'Dummy Lighter has no colour Green. Please refresh the shop and try again.',
  },
  {
    name: 'order: a colour for a product without colours',
    url: '/api/orders',
    body: order({ lines: [{ productId: '5', quantity: 1, colour: 'Black' }] }),
    status: 400,
    message: 'Dummy Phone Charger has no colour Black. Please refresh the shop and try again.',
  },
  { name: 'order: no colour for a product with colours', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: 1 }] }), status: 400, message: 'Choose a colour of Dummy Lighter.' },
  { name: 'order: a sold-out colour', url: '/api/orders', body: order({ lines: [{ productId: '1', quantity: 1, colour: 'Red' }] }), status: 409, message: 'Dummy Lighter (Red) is sold out' },
  {
    name: 'order: colour with SQL',
    url: '/api/orders',
    body: order({ lines: [{ productId: '1', quantity: 1, colour: "Black' or '1'='1" }] }),
    status: 400,
    message: /^Dummy Lighter has no colour Black' or/,
  },
  { name: 'order: card with an unknown product', url: '/api/orders', body: order({ paymentMethod: 'card', lines: [{ productId: '999', quantity: 1 }] }) },
  {
    name: 'order: card for a sold-out colour',
    url: '/api/orders',
    body: order({ paymentMethod: 'card', lines: [{ productId: '1', quantity: 1, colour: 'Blue' }] }),
    status: 409,
    message: 'Dummy Lighter (Blue) is sold out',
  },
];

const signUpCases: Case[] = [
  { name: 'sign-up: malformed JSON', url: '/api/auth/sign-up/email', body: '{"email":"a@b.ro","password":', message: NOT_JSON },
  { name: 'sign-up: empty body', url: '/api/auth/sign-up/email', body: '', message: /empty/ },
  { name: 'sign-up: an array', url: '/api/auth/sign-up/email', body: '[]', message: NOT_OBJECT },
  { name: 'sign-up: null', url: '/api/auth/sign-up/email', body: 'null', message: NOT_OBJECT },
  { name: 'sign-up: no body at all', url: '/api/auth/sign-up/email', body: undefined, contentType: null, message: NOT_OBJECT },
  { name: 'sign-up: text/plain', url: '/api/auth/sign-up/email', body: JSON.stringify(signUp()), contentType: 'text/plain', message: MUST_BE_JSON },
  { name: 'sign-up: form-urlencoded', url: '/api/auth/sign-up/email', body: 'email=a%40b.ro&password=secret123&name=a', contentType: 'application/x-www-form-urlencoded', message: MUST_BE_JSON },
  { name: 'sign-up: invalid UTF-8', url: '/api/auth/sign-up/email', body: withBytes('{"email":"a@b.ro","password":"secret123","name":"@@"}', [0xff, 0xfe]), message: NOT_UTF8 },
  { name: 'sign-up: body over 64 KB', url: '/api/auth/sign-up/email', body: signUp({ name: 'n'.repeat(70_000) }), message: TOO_LARGE, status: 413 },
  { name: 'sign-up: missing email', url: '/api/auth/sign-up/email', body: signUpWithout('email'), message: 'Email is required.' },
  { name: 'sign-up: missing password', url: '/api/auth/sign-up/email', body: signUpWithout('password'), message: 'Password is required.' },
  { name: 'sign-up: missing name', url: '/api/auth/sign-up/email', body: signUpWithout('name'), message: 'Name is required.' },
  { name: 'sign-up: email a number', url: '/api/auth/sign-up/email', body: signUp({ email: 42 }), message: 'Email must be text.' },
  { name: 'sign-up: password a number', url: '/api/auth/sign-up/email', body: signUp({ password: 12345678 }), message: 'Password must be text.' },
  { name: 'sign-up: name an object', url: '/api/auth/sign-up/email', body: signUp({ name: { first: 'a' } }), message: 'Name must be text.' },
  { name: 'sign-up: blank email', url: '/api/auth/sign-up/email', body: signUp({ email: '' }), message: 'Email is required.' },
  { name: 'sign-up: not an email', url: '/api/auth/sign-up/email', body: signUp({ email: 'not-an-email' }), message: 'Enter a valid email address, like name@example.com.' },
  { name: 'sign-up: password too short', url: '/api/auth/sign-up/email', body: signUp({ password: '12345' }), message: /too short/i },
  { name: 'sign-up: password of 129 characters', url: '/api/auth/sign-up/email', body: signUp({ password: 'p'.repeat(129) }), message: 'Password is too long (at most 128 characters).' },
  { name: 'sign-up: name of 255 characters', url: '/api/auth/sign-up/email', body: signUp({ name: 'n'.repeat(255) }), message: 'Name is too long (at most 254 characters).' },
  { name: 'sign-up: email of 255 characters', url: '/api/auth/sign-up/email', body: signUp({ email: `${'e'.repeat(244)}@example.ro` }), message: 'Email is too long (at most 254 characters).' },
  { name: 'sign-up: NUL in email', url: '/api/auth/sign-up/email', body: signUp({ email: 'nul\u0000@example.ro' }), message: 'Email must not contain control characters.' },
  { name: 'sign-up: NUL in name', url: '/api/auth/sign-up/email', body: signUp({ name: 'A\u0000' }), message: 'Name must not contain control characters.' },
  { name: 'sign-up: NUL in password', url: '/api/auth/sign-up/email', body: signUp({ password: 'secret\u0000123' }), message: 'Password must not contain control characters.' },
  { name: 'sign-up: escape sequence in name', url: '/api/auth/sign-up/email', body: signUp({ name: '\u001b[31mred' }), message: 'Name must not contain control characters.' },
  { name: 'sign-up: NUL in an extra field', url: '/api/auth/sign-up/email', body: signUp({ image: 'x\u0000' }), message: 'Image must not contain control characters.' },
  { name: 'sign-up: email already registered', url: '/api/auth/sign-up/email', body: signUp({ email: REGISTERED.email }), status: 422, message: 'User already exists. Use another email.' },
];

const signInCases: Case[] = [
  { name: 'sign-in: malformed JSON', url: '/api/auth/sign-in/email', body: '{"email"', message: NOT_JSON },
  { name: 'sign-in: a string', url: '/api/auth/sign-in/email', body: '"me"', message: NOT_OBJECT },
  { name: 'sign-in: text/plain', url: '/api/auth/sign-in/email', body: JSON.stringify(signIn()), contentType: 'text/plain', message: MUST_BE_JSON },
  { name: 'sign-in: invalid UTF-8', url: '/api/auth/sign-in/email', body: withBytes(`{"email":"${REGISTERED.email}","password":"@@"}`, [0xc3, 0x28]), message: NOT_UTF8 },
  { name: 'sign-in: missing password', url: '/api/auth/sign-in/email', body: { email: REGISTERED.email }, message: 'Password is required.' },
  { name: 'sign-in: email an array', url: '/api/auth/sign-in/email', body: signIn({ email: [REGISTERED.email] }), message: 'Email must be text.' },
  { name: 'sign-in: NUL in email', url: '/api/auth/sign-in/email', body: signIn({ email: `${REGISTERED.email}\u0000` }), message: 'Email must not contain control characters.' },
  { name: 'sign-in: NUL in password', url: '/api/auth/sign-in/email', body: signIn({ password: '\u0000' }), message: 'Password must not contain control characters.' },
  { name: 'sign-in: password of 10,000 characters', url: '/api/auth/sign-in/email', body: signIn({ password: 'p'.repeat(10_000) }), message: 'Password is too long (at most 128 characters).' },
  { name: 'sign-in: unknown email', url: '/api/auth/sign-in/email', body: signIn({ email: 'nobody@example.ro' }), status: 401, message: 'Invalid email or password' },
  { name: 'sign-in: wrong password', url: '/api/auth/sign-in/email', body: signIn({ password: 'wrong-password' }), status: 401, message: 'Invalid email or password' },
];

// The online withdrawal form: refused before anything is looked up or counted.
const withdrawal = (overrides: Record<string, unknown> = {}) => ({ orderNumber: 10001, email: 'ana@example.ro', lines: [{ lineId: 1, quantity: 1 }], ...overrides });
const ORDER_NUMBER = 'Enter your order number, as in its confirmation email.';
const withdrawalCases: Case[] = [
  { name: 'withdrawal: malformed JSON', url: '/api/orders/withdrawal', body: '{"orderNumber":', message: NOT_JSON },
  { name: 'withdrawal: an array', url: '/api/orders/withdrawal', body: '[]', message: NOT_OBJECT },
  { name: 'withdrawal: text/plain', url: '/api/orders/withdrawal', body: JSON.stringify(withdrawal()), contentType: 'text/plain', message: MUST_BE_JSON },
  { name: 'withdrawal: missing order number', url: '/api/orders/withdrawal', body: { email: 'ana@example.ro' }, message: ORDER_NUMBER },
  { name: 'withdrawal: order number as text', url: '/api/orders/withdrawal', body: withdrawal({ orderNumber: '10001' }), message: ORDER_NUMBER },
  { name: 'withdrawal: order number in an array', url: '/api/orders/withdrawal', body: withdrawal({ orderNumber: [10001] }), message: ORDER_NUMBER },
  { name: 'withdrawal: fractional order number', url: '/api/orders/withdrawal', body: withdrawal({ orderNumber: 10001.5 }), message: ORDER_NUMBER },
  { name: 'withdrawal: order number 0', url: '/api/orders/withdrawal', body: withdrawal({ orderNumber: 0 }), message: ORDER_NUMBER },
  { name: 'withdrawal: order number beyond 32 bits', url: '/api/orders/withdrawal', body: withdrawal({ orderNumber: 2 ** 31 }), message: ORDER_NUMBER },
  { name: 'withdrawal: missing email', url: '/api/orders/withdrawal', body: { orderNumber: 10001 }, message: 'Email is required.' },
  { name: 'withdrawal: email without @', url: '/api/orders/withdrawal', body: withdrawal({ email: 'ana.example.ro' }), message: 'Enter a valid email address, like name@example.com.' },
  { name: 'withdrawal: NUL in email', url: '/api/orders/withdrawal', body: withdrawal({ email: 'ana@example.ro\u0000' }), message: 'Email must not contain control characters.' },
  { name: 'withdrawal: newline in reason', url: '/api/orders/withdrawal', body: withdrawal({ reason: 'a\nb' }), message: 'Reason must not contain control characters.' },
  { name: 'withdrawal: reason of 1001 characters', url: '/api/orders/withdrawal', body: withdrawal({ reason: 'r'.repeat(1001) }), message: 'Reason: at most 1000 characters.' },
  { name: 'withdrawal: lines a number', url: '/api/orders/withdrawal', body: withdrawal({ lines: 42 }), message: 'Choose at least one product you are sending back.' },
  { name: 'withdrawal: no lines', url: '/api/orders/withdrawal', body: withdrawal({ lines: [] }), message: 'Choose at least one product you are sending back.' },
  {
    name: 'withdrawal: 100 units of a line',
    url: '/api/orders/withdrawal',
    body: withdrawal({ lines: [{ lineId: 1, quantity: 100 }] }),
    message: 'Choose how many of each product you are sending back: at least 1, at most what you bought.',
  },
  {
    name: 'withdrawal: a line twice',
    url: '/api/orders/withdrawal',
    body: withdrawal({
      lines: [
        { lineId: 1, quantity: 1 },
        { lineId: 1, quantity: 1 },
      ],
    }),
    message: 'Choose the products from your order as the page lists them.',
  },
  { name: 'withdrawal lookup: missing order number', url: '/api/orders/withdrawal/order', body: { email: 'ana@example.ro' }, message: ORDER_NUMBER },
  {
    name: 'withdrawal lookup: email without @',
    url: '/api/orders/withdrawal/order',
    body: { orderNumber: 10001, email: 'ana.example.ro' },
    message: 'Enter a valid email address, like name@example.com.',
  },
  { name: 'withdrawal: invalid UTF-8', url: '/api/orders/withdrawal', body: withBytes('{"orderNumber":10001,"email":"@@"}', [0xff]), message: NOT_UTF8 },
];

const webhookCases: Case[] = [
  { name: 'webhook: no signature', url: '/api/stripe/webhook', body: completedEvent, message: 'Invalid Stripe signature.' },
  { name: 'webhook: garbage signature', url: '/api/stripe/webhook', body: completedEvent, headers: { 'stripe-signature': 'nonsense' }, message: 'Invalid Stripe signature.' },
  {
    name: 'webhook: signed with another secret',
    url: '/api/stripe/webhook',
    body: completedEvent,
    headers: { 'stripe-signature': sign(completedEvent, 'whsec_other') },
    message: 'Invalid Stripe signature.',
  },
  {
    name: 'webhook: signature an hour old',
    url: '/api/stripe/webhook',
    body: completedEvent,
    headers: { 'stripe-signature': sign(completedEvent, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600) },
    message: 'Invalid Stripe signature.',
  },
  {
    name: 'webhook: body changed after signing',
    url: '/api/stripe/webhook',
    body: completedEvent.replace('paid', 'unpaid'),
    headers: { 'stripe-signature': sign(completedEvent) },
    message: 'Invalid Stripe signature.',
  },
  { name: 'webhook: signed, but not JSON', url: '/api/stripe/webhook', body: '{"id":', headers: { 'stripe-signature': sign('{"id":') }, message: 'Invalid Stripe signature.' },
  { name: 'webhook: empty body', url: '/api/stripe/webhook', body: '', headers: { 'stripe-signature': sign('') } },
  { name: 'webhook: text/plain, unsigned', url: '/api/stripe/webhook', body: 'hello', contentType: 'text/plain', message: 'Invalid Stripe signature.' },
  { name: 'webhook: invalid UTF-8, unsigned', url: '/api/stripe/webhook', body: withBytes('{"id":"@@"}', [0xff]), message: 'Invalid Stripe signature.' },
  { name: 'webhook: body over 1 MB', url: '/api/stripe/webhook', body: `{"pad":"${'x'.repeat(1_100_000)}"}`, headers: { 'stripe-signature': 't=1,v1=x' }, message: TOO_LARGE, status: 413 },
];

const productCheckoutCases: Case[] = [
  { name: 'product checkout: missing priceId', url: '/api/payments/product-checkout', body: {}, message: 'priceId is required.' },
  { name: 'product checkout: priceId a number', url: '/api/payments/product-checkout', body: { priceId: 42 }, message: 'priceId is required.' },
  { name: 'product checkout: blank priceId', url: '/api/payments/product-checkout', body: { priceId: '  ' }, message: 'priceId is required.' },
  { name: 'product checkout: priceId of 201 characters', url: '/api/payments/product-checkout', body: { priceId: `price_${'x'.repeat(195)}` } },
  { name: 'product checkout: NUL in priceId', url: '/api/payments/product-checkout', body: { priceId: 'price_lighter\u0000' }, message: 'Price id must not contain control characters.' },
  { name: 'product checkout: escape in priceId', url: '/api/payments/product-checkout', body: { priceId: '\u001bprice' }, message: 'Price id must not contain control characters.' },
  { name: 'product checkout: unknown priceId', url: '/api/payments/product-checkout', body: { priceId: 'price_nope' }, status: 404, message: 'Product Not Found' },
  { name: 'product checkout: unknown priceId with a price of 1', url: '/api/payments/product-checkout', body: { priceId: 'price_nope', price: 1, amount: 1 }, status: 404 },
  { name: 'product checkout: malformed JSON', url: '/api/payments/product-checkout', body: '{"priceId":"price_', message: NOT_JSON },
  { name: 'product checkout: an array', url: '/api/payments/product-checkout', body: '["price_lighter"]', message: NOT_OBJECT },
  { name: 'product checkout: text/plain', url: '/api/payments/product-checkout', body: 'price_lighter', contentType: 'text/plain', message: MUST_BE_JSON },
  { name: 'product checkout: invalid UTF-8', url: '/api/payments/product-checkout', body: withBytes('{"priceId":"price_@@"}', [0xf8, 0x88, 0x80]), message: NOT_UTF8 },
  { name: 'product checkout: lone surrogate', url: '/api/payments/product-checkout', body: '{"priceId":"price_\\udfff"}', message: NOT_UTF8 },
];

const STATUS: Endpoint = '/api/admin/orders/ORDER/status';
const statusCases: Case[] = [
  { name: 'status: malformed JSON', url: STATUS, body: '{"to":', message: NOT_JSON },
  { name: 'status: an array', url: STATUS, body: '[]', message: /^Choose what happens to the order/ },
  { name: 'status: text/plain', url: STATUS, body: '{"to":"confirmed","version":1}', contentType: 'text/plain', message: MUST_BE_JSON },
  { name: 'status: missing to', url: STATUS, body: { version: 1 }, message: /^Choose what happens to the order/ },
  { name: 'status: to paid (Stripe’s alone)', url: STATUS, body: { to: 'paid', version: 1 }, message: /^Choose what happens to the order/ },
  { name: 'status: to pending', url: STATUS, body: { to: 'pending', version: 1 }, message: /^Choose what happens to the order/ },
  { name: 'status: to a number', url: STATUS, body: { to: 3, version: 1 }, message: /^Choose what happens to the order/ },
  { name: 'status: missing version', url: STATUS, body: { to: 'confirmed' }, message: 'The order version is required.' },
  { name: 'status: version as text', url: STATUS, body: { to: 'confirmed', version: '1' }, message: 'The order version is required.' },
  { name: 'status: version 0', url: STATUS, body: { to: 'confirmed', version: 0 }, message: 'The order version is required.' },
  { name: 'status: fractional version', url: STATUS, body: { to: 'confirmed', version: 1.5 }, message: 'The order version is required.' },
  { name: 'status: shipped without carrier', url: STATUS, body: { to: 'shipped', version: 1, trackingNumber: 'AWB1' }, message: 'Carrier is required.' },
  { name: 'status: shipped without tracking number', url: STATUS, body: { to: 'shipped', version: 1, carrier: 'DPD' }, message: 'Tracking number is required.' },
  { name: 'status: blank carrier', url: STATUS, body: { to: 'shipped', version: 1, carrier: '  ', trackingNumber: 'AWB1' }, message: 'Carrier is required.' },
  {
    name: 'status: carrier of 61 characters',
    url: STATUS,
    body: { to: 'shipped', version: 1, carrier: 'C'.repeat(61), trackingNumber: 'AWB1' },
    message: 'Carrier is too long (at most 60 characters).',
  },
  {
    name: 'status: NUL in tracking number',
    url: STATUS,
    body: { to: 'shipped', version: 1, carrier: 'DPD', trackingNumber: 'AWB\u00001' },
    message: 'Tracking number must not contain control characters.',
  },
  { name: 'status: cancelled without reason', url: STATUS, body: { to: 'cancelled', version: 1 }, message: 'Reason is required.' },
  { name: 'status: blank reason', url: STATUS, body: { to: 'cancelled', version: 1, reason: ' ' }, message: 'Reason is required.' },
  { name: 'status: escape sequence in reason', url: STATUS, body: { to: 'cancelled', version: 1, reason: '\u001b[2Jgone' }, message: 'Reason must not contain control characters.' },
  { name: 'status: reason of 501 characters', url: STATUS, body: { to: 'cancelled', version: 1, reason: 'r'.repeat(501) }, message: 'Reason is too long (at most 500 characters).' },
  { name: 'status: NUL in note', url: STATUS, body: { to: 'confirmed', version: 1, note: 'ok\u0000' }, message: 'Note must not contain control characters.' },
  { name: 'status: a pending order delivered', url: STATUS, body: { to: 'delivered', version: 1 }, status: 409, message: 'This order is pending: it cannot be delivered yet.' },
  { name: 'status: a pending order returned', url: STATUS, body: { to: 'returned', version: 1 }, status: 409, message: 'This order is pending: it cannot be returned yet.' },
  { name: 'status: an old version', url: STATUS, body: { to: 'confirmed', version: 7 }, status: 409, message: /^This order was changed meanwhile \(now: Pending\)/ },
  { name: 'status: unknown order', url: `/api/admin/orders/${randomUUID()}/status`, body: { to: 'confirmed', version: 1 }, status: 404, message: 'No such order.' },
  { name: 'status: order number instead of id', url: '/api/admin/orders/10001/status', body: { to: 'confirmed', version: 1 }, status: 400, message: 'Unknown order id.' },
];

const ownerCases: Case[] = [
  { name: 'owners: missing email', url: '/api/admin/owners', body: {}, message: 'Email is required.' },
  { name: 'owners: email a number', url: '/api/admin/owners', body: { email: 42 }, message: 'Email is required.' },
  { name: 'owners: not an email', url: '/api/admin/owners', body: { email: 'owner' }, message: 'Enter a valid email address, like name@example.com.' },
  { name: 'owners: NUL in email', url: '/api/admin/owners', body: { email: 'a\u0000@example.ro' }, message: 'Email must not contain control characters.' },
  { name: 'owners: email of 300 characters', url: '/api/admin/owners', body: { email: `${'o'.repeat(290)}@example.ro` }, message: /too long/ },
  { name: 'owners: an array', url: '/api/admin/owners', body: '["a@b.ro"]', message: NOT_OBJECT },
  { name: 'owners: no account with that email', url: '/api/admin/owners', body: { email: 'nobody@example.ro' }, status: 404, message: /^There is no account for nobody@example.ro/ },
];

const resend = (name: string, id: string, message: string, status = 400): Case => ({ name: `resend mail: ${name}`, url: `/api/admin/mails/${id}/resend`, contentType: null, status, message });
const mailCases: Case[] = [
  resend('letters for an id', 'abc', 'Unknown mail id.'),
  resend('an order’s uuid for an id', randomUUID(), 'Unknown mail id.'),
  resend('a negative id', '-1', 'Unknown mail id.'),
  resend('id 0', '0', 'Unknown mail id.'),
  resend('a fractional id', '1.5', 'Unknown mail id.'),
  resend('an id in exponent form', '1e3', 'Unknown mail id.'),
  resend('a leading zero', '01', 'Unknown mail id.'),
  resend('an id of 16 digits', '1234567890123456', 'Unknown mail id.'),
  resend('an id with a NUL', '1%00', 'Unknown mail id.'),
  resend('an unknown id', '999999999', 'No such mail.', 404),
  resend('a mail still queued (not failed)', 'MAIL', 'This mail is already queued to be sent again.', 409),
  { name: 'resend mail: with a body', url: '/api/admin/mails/MAIL/resend', body: { status: 'failed' }, status: 409, message: 'This mail is already queued to be sent again.' },
];

// The back office's products (as the owner). Product '1' is the Dummy Lighter at 39.99 (old 79.99).
const newProduct = (overrides: Record<string, unknown> = {}) => ({ name: 'Dummy Wallet', description: 'A wallet with a hidden wallet inside.', price: 4999, ...overrides });
const create = (name: string, body: unknown, message?: string | RegExp): Case => ({ name: `create product: ${name}`, url: '/api/admin/products', owner: true, body, message });
const change = (name: string, body: unknown, message?: string | RegExp, url: Endpoint = '/api/admin/products/1'): Case => ({
  name: `change product: ${name}`,
  url,
  method: 'PATCH',
  owner: true,
  body,
  message,
});
const IMAGE_REFUSED = 'Upload a JPEG, PNG or WebP image of at most 5 MB.';
const SLUG_REFUSED = 'Use lowercase letters, digits and hyphens for the address.';
const SLUG_TAKEN = 'Another product already has this address.';
const upload = (name: string, body: Buffer | string, contentType: string | null, message: string | RegExp = IMAGE_REFUSED, url: Endpoint = '/api/admin/products/1/images'): Case => ({
  name: `upload image: ${name}`,
  url,
  owner: true,
  body,
  contentType,
  message,
});
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const smallGif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
  .gif()
  .toBuffer();
const smallPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
  .png()
  .toBuffer();

const adminProductCases: Case[] = [
  create('malformed JSON', '{"name":', NOT_JSON),
  create('an array', '[]', NOT_OBJECT),
  { ...create('text/plain', JSON.stringify(newProduct()), MUST_BE_JSON), contentType: 'text/plain' },
  create('missing name', { description: 'x', price: 100 }, 'Name must be text.'),
  create('missing price', { name: 'x', description: 'x' }, 'Price must be a whole number of bani.'),
  create('missing description', { name: 'x', price: 100 }, 'Description must be text.'),
  create('blank name', newProduct({ name: '   ' }), 'Name is required.'),
  create('name a number', newProduct({ name: 42 }), 'Name must be text.'),
  create('name of 121 characters', newProduct({ name: 'n'.repeat(121) }), 'Name is too long (at most 120 characters).'),
  create('description of 2001 characters', newProduct({ description: 'd'.repeat(2001) }), 'Description is too long (at most 2000 characters).'),
  create('price as text', newProduct({ price: '49.99' }), 'Price must be a whole number of bani.'),
  create('price in RON with decimals', newProduct({ price: 49.99 }), 'Price must be a whole number of bani.'),
  create('negative price', newProduct({ price: -100 }), 'Price must be at least 0.01 RON.'),
  create('price 0', newProduct({ price: 0 }), 'Price must be at least 0.01 RON.'),
  create('price over 10,000 RON', newProduct({ price: 1_000_001 }), 'Price must be at most 10,000.00 RON.'),
  create('price 1e308', JSON.stringify(newProduct()).replace('4999', '1e308'), /^Price must be/),
  create('a typed-in old price (only the price history makes one)', newProduct({ oldPrice: 9999 }), 'Unknown field: oldPrice.'),
  create('negative stock', newProduct({ stock: -1 }), 'Stock cannot be negative.'),
  create('fractional stock', newProduct({ stock: 1.5 }), 'Stock must be a whole number of units, or not counted.'),
  create('stock as text', newProduct({ stock: '5' }), 'Stock must be a whole number of units, or not counted.'),
  create('active as text', newProduct({ active: 'yes' }), 'Shown in the shop must be true or false.'),
  create('an id of its own', newProduct({ id: '1' }), 'Unknown field: id.'),
  create('images in the body', newProduct({ images: ['/etc/passwd'] }), 'Unknown field: images.'),
  create('NUL in the name', newProduct({ name: 'Wallet\u0000' }), 'Name must not contain control characters.'),
  create('escape sequence in the description', newProduct({ description: '\u001b[31mred' }), 'Description must not contain control characters.'),
  create('newline in a key feature', newProduct({ keyFeatures: ['one\ntwo'] }), 'Key feature must not contain control characters.'),
  create('key features a string', newProduct({ keyFeatures: 'one, two' }), 'Key features must be a list of texts.'),
  create('13 key features', newProduct({ keyFeatures: Array.from({ length: 13 }, (_, i) => `Feature ${i}`) }), 'A product can have at most 12 key features.'),
  create('a key feature of 10,000 characters', newProduct({ keyFeatures: ['k'.repeat(10_000)] }), 'Key feature is too long (at most 200 characters).'),
  create('colours a string', newProduct({ colourOptions: 'Black' }), 'Colours must be a list.'),
  create('colour without availability', newProduct({ colourOptions: [{ name: 'Black' }] }), 'Colour availability must be true or false.'),
  create('colour with an extra field', newProduct({ colourOptions: [{ name: 'Black', available: true, price: 5 }] }), 'Each colour needs a name and whether it is available.'),
  create('negative colour stock', newProduct({ colourOptions: [{ name: 'Black', available: true, stock: -1 }] }), 'Colour stock cannot be negative.'),
  create('fractional colour stock', newProduct({ colourOptions: [{ name: 'Black', available: true, stock: 1.5 }] }), 'Colour stock must be a whole number of units, or not counted.'),
  create('colour stock as text', newProduct({ colourOptions: [{ name: 'Black', available: true, stock: '5' }] }), 'Colour stock must be a whole number of units, or not counted.'),
  create('colour stock too large', newProduct({ colourOptions: [{ name: 'Black', available: true, stock: 1_000_001 }] }), 'Colour stock must be at most 1000000.'),
  create(
    'the same colour twice',
    newProduct({
      colourOptions: [
        { name: 'Black', available: true },
        { name: 'black', available: false },
      ],
    }),
    'Each colour may appear only once.',
  ),
  create('NUL in a colour name', newProduct({ colourOptions: [{ name: 'Bl\u0000ack', available: true }] }), 'Colour name must not contain control characters.'),
  create('Stripe price id not a price', newProduct({ stripePriceId: 'prod_123' }), 'Stripe price id must look like price_123abc.'),
  { ...create('body over 64 KB', newProduct({ description: 'x'.repeat(70_000) }), TOO_LARGE), status: 413 },
  change('nothing to change', {}, 'Nothing to change: send at least one field.'),
  change('an unknown field', { price: 3500, discount: 50 }, 'Unknown field: discount.'),
  change('its id', { id: '2' }, 'Unknown field: id.'),
  change('negative price', { price: -1 }, 'Price must be at least 0.01 RON.'),
  change('a typed-in old price', { oldPrice: 9999 }, 'Unknown field: oldPrice.'),
  change('negative stock', { stock: -5 }, 'Stock cannot be negative.'),
  change('stock a string', { stock: 'lots' }, 'Stock must be a whole number of units, or not counted.'),
  change('active null', { active: null }, 'Shown in the shop must be true or false.'),
  change('blank name', { name: '' }, 'Name is required.'),
  change('NUL in the name', { name: '\u0000' }, 'Name must not contain control characters.'),
  change('a huge description', { description: 'd'.repeat(60_000) }, 'Description is too long (at most 2000 characters).'),
  change('an array', '[{"price":1}]', NOT_OBJECT),
  { ...change('an unknown product', { price: 100 }, 'No such product.', '/api/admin/products/nope'), status: 404 },
  change('an address with capitals and spaces', { slug: 'Dummy Lighter' }, SLUG_REFUSED),
  change('an address with a slash', { slug: 'shop/dummy-lighter' }, SLUG_REFUSED),
  change('an address of 200 characters', { slug: 'a'.repeat(200) }, 'Address is too long (at most 80 characters).'),
  change('an address as a number', { slug: 5 }, 'Address must be text.'),
  {
    name: 'change product: another product’s address, with a price',
    url: '/api/admin/products/1',
    method: 'PATCH',
    owner: true,
    body: { slug: 'dummy-car-key', price: 3000 },
    status: 409,
    message: SLUG_TAKEN,
  },
  { name: 'reorder images: not a list', url: '/api/admin/products/1/images', method: 'PUT', owner: true, body: { images: 'a.svg' }, message: 'Images must be a list of image addresses.' },
  { name: 'reorder images: numbers', url: '/api/admin/products/1/images', method: 'PUT', owner: true, body: { images: [1, 2] }, message: 'Images must be a list of image addresses.' },
  { name: 'reorder images: an extra field', url: '/api/admin/products/1/images', method: 'PUT', owner: true, body: { images: [], main: 0 }, message: 'Unknown field: main.' },
  { name: 'reorder images: an image it does not have', url: '/api/admin/products/1/images', method: 'PUT', owner: true, body: { images: ['/images/products/belt.svg'] }, status: 409 },
  { name: 'reorder images: an unknown product', url: '/api/admin/products/nope/images', method: 'PUT', owner: true, body: { images: [] }, status: 404, message: 'No such product.' },
  {
    name: 'delete image: one it does not have',
    url: '/api/admin/products/1/images/belt.svg',
    method: 'DELETE',
    owner: true,
    contentType: null,
    status: 404,
    message: 'This product has no such image.',
  },
  { name: 'delete image: an unknown product', url: '/api/admin/products/nope/images/belt.svg', method: 'DELETE', owner: true, contentType: null, status: 404, message: 'No such product.' },
  upload('text declared as a PNG', 'hello, not a picture', 'image/png'),
  upload('HTML declared as a JPEG', '<html><script>alert(1)</script></html>', 'image/jpeg'),
  upload('an SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'),
  upload('a GIF', smallGif, 'image/gif'),
  upload('a GIF declared as a PNG', smallGif, 'image/png'),
  upload('only a PNG signature', PNG_SIGNATURE, 'image/png'),
  upload('a PNG signature before garbage', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(4096, 7)]), 'image/png'),
  upload('a truncated PNG', smallPng.subarray(0, smallPng.length - 20), 'image/png'),
  upload('empty', Buffer.alloc(0), 'image/png'),
  upload('no content type', 'not a picture', null),
  upload('JSON', JSON.stringify({ image: 'data:image/png;base64,AAAA' }), 'application/json'),
  upload('6 MB of a PNG', Buffer.concat([smallPng, Buffer.alloc(6 * 1024 * 1024)]), 'image/png'),
  { ...upload('a PNG for an unknown product', smallPng, 'image/png', 'No such product.', '/api/admin/products/nope/images'), status: 404 },
];

const RESET_REQUEST = '/api/auth/request-password-reset';
const RESET = '/api/auth/reset-password';
const resetCases: Case[] = [
  { name: 'reset request: malformed JSON', url: RESET_REQUEST, body: '{"email":', message: NOT_JSON },
  { name: 'reset request: an array', url: RESET_REQUEST, body: '[]', message: NOT_OBJECT },
  { name: 'reset request: text/plain', url: RESET_REQUEST, body: JSON.stringify({ email: REGISTERED.email }), contentType: 'text/plain', message: MUST_BE_JSON },
  { name: 'reset request: missing email', url: RESET_REQUEST, body: {}, message: 'Email is required.' },
  { name: 'reset request: email a number', url: RESET_REQUEST, body: { email: 42 }, message: /Email/ },
  { name: 'reset request: not an email', url: RESET_REQUEST, body: { email: 'not-an-email' }, message: 'Enter a valid email address, like name@example.com.' },
  { name: 'reset request: NUL in email', url: RESET_REQUEST, body: { email: `${REGISTERED.email}\u0000` }, message: /control characters|valid email/ },
  { name: 'reset: missing token', url: RESET, body: { newPassword: 'brand-new-secret' }, message: 'The link is required.' },
  { name: 'reset: token a number', url: RESET, body: { token: 42, newPassword: 'brand-new-secret' }, message: 'The link must be text.' },
  { name: 'reset: missing new password', url: RESET, body: { token: 'a'.repeat(32) }, message: 'New password is required.' },
  { name: 'reset: new password of 129 characters', url: RESET, body: { token: 'a'.repeat(32), newPassword: 'p'.repeat(129) }, message: 'New password is too long (at most 128 characters).' },
  { name: 'reset: NUL in new password', url: RESET, body: { token: 'a'.repeat(32), newPassword: 'secret\u0000123' }, message: 'New password must not contain control characters.' },
  { name: 'reset: a made-up link', url: RESET, body: { token: 'a'.repeat(32), newPassword: 'brand-new-secret' }, message: 'This link has expired or was already used. Ask for a new one below.' },
];

const CASES = [
  ...orderCases,
  ...withdrawalCases,
  ...signUpCases,
  ...signInCases,
  ...resetCases,
  ...webhookCases,
  ...productCheckoutCases,
  ...statusCases,
  ...ownerCases,
  ...mailCases,
  ...adminProductCases,
];

// ---- running them ------------------------------------------------------------------------------

/** Every table a write endpoint could write to. */
async function rowCounts() {
  const tables = { orders, orderLines, orderEvents, user, account, session, verification, paymentEvents, products, priceHistory, productSlugs, outbox };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await database.db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  const [owners] = await database.db.select({ n: count() }).from(user).where(eq(user.role, 'owner'));
  const versions = await database.db.select({ n: sql<number>`coalesce(sum(${orders.version}), 0)::int` }).from(orders);
  // Mails are changed in place (sent again): compare what each is waiting for.
  const mails = await database.db.select({ id: outbox.id, status: outbox.status, attempts: outbox.attempts, nextAttemptAt: outbox.nextAttemptAt }).from(outbox).orderBy(asc(outbox.id));
  // Products are changed in place: compare them whole, and the image files stored.
  const productRows = await database.db.select().from(products).orderBy(asc(products.id));
  const files = await readdir(uploadsDir, { recursive: true });
  return { ...(Object.fromEntries(entries) as Record<keyof typeof tables, number>), owners: owners!.n, versions: versions[0]!.n, productRows, mails, files: files.sort() };
}

let visitor = 0;
/** A back-office case: sent as the owner (and, first, as a visitor and a customer, who are refused before it is read). */
const isAdminCase = (testCase: Case) => testCase.owner === true || testCase.url.startsWith('/api/admin/');

function send(testCase: Case, as: 'owner' | 'customer' | 'visitor' = 'owner') {
  visitor += 1;
  const cookie = isAdminCase(testCase) ? { owner: ownerCookie, customer: customerCookie, visitor: null }[as] : null;
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...testCase.headers };
  if (testCase.contentType !== null) headers['content-type'] = testCase.contentType ?? 'application/json';
  const body = testCase.body;
  const payload = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  // Each case from its own address, so the sign-in attempt limit never answers in its place.
  return app.inject({
    method: testCase.method ?? 'POST',
    url: testCase.url.replace('ORDER', orderId).replace('MAIL', String(mailId)),
    headers,
    payload,
    remoteAddress: `10.77.${Math.floor(visitor / 250)}.${visitor % 250}`,
  });
}

/** A message a person can read: a sentence, not a parser's or a validator's dump. */
function expectReadable(message: unknown) {
  expect(typeof message).toBe('string');
  const text = message as string;
  expect(text.length).toBeGreaterThan(8);
  // A sentence, or one naming a field by its API name (idempotencyKey, priceId).
  expect(text).toMatch(/^([A-Z]|[a-z]+[A-Z]\w* )/);
  expect(text).not.toMatch(/\[body|expected \w+, received|Invalid input|FST_|undefined|\bnull\b|Error:|\bat .+:\d+|[{}]/);
  expect(text.includes('\u0000')).toBe(false);
}

describe('bad input to every write endpoint', () => {
  it('has at least 100 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(CASES.map((testCase) => testCase.name)).size).toBe(CASES.length);
  });

  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))(
    '%s: 400 (or its own 4xx), a readable JSON message, nothing written; 401 and 403 first for the back office',
    async (_name, testCase) => {
      const before = await rowCounts();
      if (isAdminCase(testCase)) {
        expect((await send(testCase, 'visitor')).statusCode).toBe(401);
        expect((await send(testCase, 'customer')).statusCode).toBe(403);
      }
      const response = await send(testCase);
      expect(response.statusCode, response.body).toBe(testCase.status ?? 400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const { message } = response.json();
      expectReadable(message);
      if (typeof testCase.message === 'string') expect(message).toBe(testCase.message);
      else if (testCase.message) expect(message).toMatch(testCase.message);
      expect(await rowCounts()).toEqual(before);
    },
  );
});

describe('an order over the most one may total (100,000 lei)', () => {
  it('is refused with 400 and its message, cash or card, and nothing is written; one of exactly the most is placed', async () => {
    const [key] = await database.db.select({ price: products.price }).from(products).where(eq(products.id, '2'));
    // The most a product may cost (10,000 lei): 99 of them came to 990,000 lei, and 50 such lines overflowed the amounts (500).
    await database.db.update(products).set({ price: 1_000_000 }).where(eq(products.id, '2'));
    try {
      for (const paymentMethod of ['cod', 'card']) {
        const before = await rowCounts();
        const response = await send({ name: `order over the most (${paymentMethod})`, url: '/api/orders', body: order({ paymentMethod, lines: [{ productId: '2', quantity: 11 }] }) });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ code: 'order_too_large', message: 'An order can total at most 100,000.00 RON. Please place a smaller one, or write to us for a larger order.' });
        expect(await rowCounts()).toEqual(before);
      }
      const romanian = await send({ name: 'order over the most (ro)', url: '/api/orders', body: order({ lines: [{ productId: '2', quantity: 99 }] }), headers: { 'accept-language': 'ro' } });
      expect(romanian.json().message).toBe('O comandă poate totaliza cel mult 100.000,00\u00a0lei. Te rugăm să plasezi una mai mică sau să ne scrii pentru o comandă mai mare.');
      const most = await send({ name: 'order of exactly the most', url: '/api/orders', body: order({ email: 'big.buyer@example.ro', lines: [{ productId: '2', quantity: 10 }] }) });
      expect(most.statusCode, most.body).toBe(201);
    } finally {
      await database.db.update(products).set({ price: key!.price }).where(eq(products.id, '2'));
    }
  });
});

describe('tampered fields change nothing', () => {
  it('an order with its own prices, totals, status, owner and id is stored with the server’s prices, pending', async () => {
    const response = await send({
      name: 'tampered order',
      url: '/api/orders',
      body: {
        ...sampleOrder({ lines: [{ productId: '2', quantity: 1, price: 1, unitPrice: 1, name: 'Free' }] }),
        id: randomUUID(),
        price: 1,
        subtotal: 1,
        shipping: 0,
        total: 1,
        totalAmount: 1,
        currency: 'EUR',
        status: 'paid',
        paidAt: new Date().toISOString(),
        userId: 'someone-else',
        stripeSessionId: 'cs_test_forged',
      },
    });
    expect(response.statusCode).toBe(201);
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, response.json().id));
    expect(stored).toMatchObject({ status: 'pending', subtotal: 6499, shipping: 1999, totalAmount: 6499 + 1999, currency: 'RON', userId: null, paidAt: null, stripeSessionId: null });
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, stored!.id));
    expect(lines.map(({ name, unitPrice, quantity }) => ({ name, unitPrice, quantity }))).toEqual([{ name: 'Dummy Car Key', unitPrice: 6499, quantity: 1 }]);
  });

  it('a card order that says it is paid is saved awaiting payment, for the amount Stripe charges', async () => {
    const response = await send({
      name: 'tampered card order',
      url: '/api/orders',
      body: { ...sampleOrder({ paymentMethod: 'card', lines: [{ productId: '1', quantity: 1, colour: 'Black' }] }), status: 'paid', total: 1 },
    });
    expect(response.statusCode).toBe(201);
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, response.json().id));
    expect(stored).toMatchObject({ status: 'awaiting_payment', totalAmount: 3999 + 1999, paidAt: null });
  });

  it('a sign-up that says its email is verified, or names its own id, is an ordinary unverified account', async () => {
    const forgedId = 'forged-user-id';
    const email = `tamper-${randomUUID().slice(0, 8)}@example.ro`;
    const response = await send({
      name: 'tampered sign-up',
      url: '/api/auth/sign-up/email',
      body: { email, password: 'secret123', name: 'x', emailVerified: true, id: forgedId, role: 'admin', createdAt: '2000-01-01T00:00:00Z' },
    });
    expect(response.statusCode).toBe(200);
    const [created] = await database.db.select().from(user).where(eq(user.email, email));
    expect(created).toMatchObject({ emailVerified: false });
    expect(created!.id).not.toBe(forgedId);
    expect(created!.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it('a product checkout that names its own price is charged the shop’s price for the product', async () => {
    fake.requests.length = 0;
    const response = await send({ name: 'tampered product checkout', url: '/api/payments/product-checkout', body: { priceId: 'price_lighter', price: 1, amount: 1, quantity: 50, shipping: 0 } });
    expect(response.statusCode).toBe(200);
    const sent = fake.requests.find((request) => request.path === '/v1/checkout/sessions')!;
    const [lighter] = await database.db.select({ price: products.price }).from(products).where(eq(products.id, '1'));
    expect(sent.body.line_items).toEqual([{ price_data: { currency: 'ron', unit_amount: String(lighter!.price), product_data: { name: 'Dummy Lighter (Black)' } }, quantity: '1' }]);
    expect(JSON.stringify(sent.body)).not.toMatch(/"amount":"1"|"unit_amount":"1"/);
  });

  it('a signed webhook for an order that does not exist changes nothing', async () => {
    const before = await rowCounts();
    const event = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_unknown', object: 'checkout.session', payment_status: 'paid', metadata: { kind: 'order', orderId: randomUUID() } } },
    });
    const response = await send({ name: 'unknown order webhook', url: '/api/stripe/webhook', body: event, headers: { 'stripe-signature': sign(event) } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe('unknown_order');
    const after = await rowCounts();
    expect({ ...after, paymentEvents: before.paymentEvents }).toEqual(before);
  });
});
