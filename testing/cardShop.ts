import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client';
import { products } from '../db/schema/catalog';
import { seedCatalog } from '../db/seed';
import type { Locale } from '../domain/locale';
import { createSmtpMailer } from '../server/integrations/mail';
import { createStripeGateway, type PaymentGateway } from '../server/integrations/stripe';
import { buildTestApp, TEST_SHOP, type TestApp } from './app';
import { createTestDatabase } from './database';
import { type FakeSmtp, startFakeSmtp } from './fakeSmtp';
import { type FakeStripe, startFakeStripe } from './fakeStripe';
import { sampleOrder } from './sampleOrder';

export const WEBHOOK_SECRET = 'whsec_test_secret';
export const STRIPE_PRICES = { price_lighter: 3999, price_key: 6499, price_belt: 3999, price_marker: 3999 };
const PRICE_OF_PRODUCT = [
  ['1', 'price_lighter'],
  ['2', 'price_key'],
  ['3', 'price_belt'],
  ['4', 'price_marker'],
] as const;
const signer = new Stripe('sk_test_signer');

/**
 * A test file's shop that takes cards: a seeded database whose products 1–4 have Stripe prices, a
 * fake Stripe on 127.0.0.1, and the app talking to it through the real adapter. With `mails`, the
 * outbox is sent to a fake SMTP server of its own (`smtp`), the owners' alerts in `ownerMailLanguage`; with
 * `prepayFreeShipping`, delivery is free for orders paid by card first.
 * Read the fields inside tests (they are set once beforeAll has run).
 */
export function setUpCardShop(options: { stripeTimeoutMs?: number; mails?: boolean; ownerMailLanguage?: Locale; prepayFreeShipping?: boolean } = {}) {
  const shop = {
    /** The last Checkout Session the shop asked the fake Stripe for, as Stripe's form encoding carried it. */
    lastSessionRequest: () => shop.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!,
    /** A product's price in the shop's database, in bani. */
    shopPrice: async (id: string) => (await shop.database.db.select({ price: products.price }).from(products).where(eq(products.id, id)))[0]!.price,
  } as {
    app: TestApp;
    database: Database;
    fake: FakeStripe;
    gateway: PaymentGateway;
    smtp: FakeSmtp;
    lastSessionRequest: () => FakeStripe['requests'][number];
    shopPrice: (id: string) => Promise<number>;
  };
  beforeAll(async () => {
    shop.database = await createTestDatabase();
    await seedCatalog(shop.database.db);
    for (const [id, priceId] of PRICE_OF_PRODUCT) {
      await shop.database.db.update(products).set({ stripePriceId: priceId }).where(eq(products.id, id));
    }
    shop.fake = await startFakeStripe({ prices: STRIPE_PRICES });
    shop.gateway = await createStripeGateway({ secretKey: 'sk_test_shop', webhookSecret: WEBHOOK_SECRET, apiUrl: shop.fake.url, timeoutMs: options.stripeTimeoutMs });
    if (options.mails) shop.smtp = await startFakeSmtp();
    const mailer = options.mails ? createSmtpMailer({ url: shop.smtp.url, from: `${TEST_SHOP.name} <${TEST_SHOP.email}>`, timeoutMs: 2000 }) : undefined;
    shop.app = await buildTestApp(shop.database.db, { stripe: shop.gateway, cardPayments: true, mailer, ownerMailLanguage: options.ownerMailLanguage, prepayFreeShipping: options.prepayFreeShipping });
  });
  afterAll(async () => {
    await shop.app?.close();
    await shop.smtp?.stop();
    await shop.fake?.close();
    await shop.database?.close();
  });
  return shop;
}

/** A cart order paid by card. */
export function cardOrder(lines: { productId: string; quantity: number; colour?: string }[], overrides: Record<string, unknown> = {}) {
  return sampleOrder({ email: 'card@example.ro', lines, paymentMethod: 'card', ...overrides });
}

/** Sends `event` to the webhook as Stripe would, signed with `secret` at `timestamp` (seconds). */
export function sendWebhook(app: TestApp, event: object, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }) },
    payload,
  });
}

/** Stripe's checkout.session.completed event for `session`. */
export const completed = (session: object, id = `evt_${randomUUID()}`) => ({ id, object: 'event', type: 'checkout.session.completed', data: { object: session } });

/** A line item as the shop sends it to Stripe: its own name and price (price_data), as Stripe's form encoding carries them. */
export const priceData = (name: string, unitAmount: number, quantity: number) => ({
  price_data: { currency: 'ron', unit_amount: String(unitAmount), product_data: { name } },
  quantity: String(quantity),
});
