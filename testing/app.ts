import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { Database, Db } from '../db/client';
import { user } from '../db/schema/accounts';
import { seedCatalog } from '../db/seed';
import { type CompanyInfo, EXAMPLE_COMPANY } from '../domain/company';
import type { Locale } from '../domain/locale';
import { MAX_ORDER_TOTAL } from '../domain/pricing';
import { buildApp } from '../server/app';
import { type Config, loadConfig } from '../server/env';
import type { Mailer } from '../server/integrations/mail';
import { createSmtpMailer } from '../server/integrations/mail';
import type { PaymentGateway } from '../server/integrations/stripe';
import { setRole } from '../server/modules/accounts/service';
import type { OrderLimits } from '../server/modules/checkout/orderLimits';
import type { AnafReporting } from '../server/modules/invoices/reportingSettings';
import { type Invoicing, invoicingFrom } from '../server/modules/invoices/service';
import type { PushSending } from '../server/modules/push/sending';
import type { Shipping } from '../server/modules/shipping/couriers';
import type { VisitCounter } from '../server/modules/visits/counter';
import { createTestDatabase } from './database';
import { type FakeSmtp, startFakeSmtp } from './fakeSmtp';

/** The origin API tests pretend the browser is on; auth requests must come from it. */
import { totpCode } from './totp';

export const TEST_ORIGIN = 'http://shop.test';

/** Who the test shop's mails come from. */
export const TEST_SHOP = { name: 'Secret Stash', email: 'shop@example.ro', url: TEST_ORIGIN, returnAddress: 'EXEMPLU SRL, Str. Exemplu 1, Cluj-Napoca' };

/** The seller the test shop names (placeholders a real shop replaces: server/env.ts). */
export const TEST_COMPANY: CompanyInfo = { ...EXAMPLE_COMPANY };

/** The app as tests drive it with app.inject: no web app, no logs, a fixed auth secret. */
export const TEST_AUTH_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** A signed key or token with its last character changed: never the key itself, whatever that character was. */
export const alteredKey = (key: string) => `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;

export interface TestAppOptions {
  webRoot?: string;
  /** A server renderer module (web.api.test.ts writes a stand-in); none by default: pages are the app shell. */
  ssrEntry?: string;
  /** Send the outbox's mails with this mailer (a fake SMTP server's); none are sent without it. */
  mailer?: Mailer;
  /** The language of the owners' alerts (OWNER_MAIL_LANGUAGE): English unless a test asks for Romanian, the shop's default. */
  ownerMailLanguage?: Locale;
  stripe?: PaymentGateway | null;
  cardPayments?: boolean;
  /**
   * Order limits. By default far above the shop's (API tests place many orders from 127.0.0.1 with
   * one email), so only the tests about limits meet them.
   */
  orderLimits?: Partial<OrderLimits>;
  /**
   * LISTEN on the test database (Database.listen), for the back office's live stream and the
   * catalogue's reloads. Without it nothing is notified: the stream relies on its safety poll alone,
   * and the catalogue reloads only after back-office changes made through this app.
   */
  listen?: Database['listen'];
  /** The log, at `level`, into `stream` (tests that read what the log holds); silent otherwise. */
  log?: { level: Config['LOG_LEVEL']; stream: DestinationStream };
  /** Where uploaded images go: a fresh temporary folder unless given. */
  uploadsDir?: string;
  /** The shop's invoicing: the defaults' (series SST, invoiced when shipped, a VAT payer in Bucharest) unless given. */
  invoicing?: Invoicing;
  /** Reporting to ANAF (a fake ANAF's); none unless given. */
  anaf?: AnafReporting;
  /** The couriers (fake couriers'); none unless given. */
  shipping?: Shipping;
  /** The live order stream's safety poll, when a test needs it longer than its wait. */
  livePollMs?: number;
  visits?: VisitCounter;
  /** PREPAY_FREE_SHIPPING: delivery free for an order paid by card first (off unless given). */
  prepayFreeShipping?: boolean;
  /** The owners' phone notifications (a sender to a stand-in push service); none unless given. */
  push?: PushSending;
  /** CART_REMINDER_HOURS; unset unless given: consents are taken, and no reminder round runs (tests run it themselves). */
  cartReminderHours?: Config['CART_REMINDER_HOURS'];
}

/** The settings of a shop configured with the defaults. */
const DEFAULTS = loadConfig({});

/** The invoicing of a shop configured with the defaults. */
export const TEST_INVOICING: Invoicing = invoicingFrom(DEFAULTS);

/** A fresh, empty folder for one test app's uploaded images (in the system's temporary folder). */
export function testUploadsDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'shop-uploads-'));
}

export async function buildTestApp(db: Db, options: TestAppOptions = {}) {
  const limits = { perIp: 10_000, perContact: 10_000, windowSeconds: 600, ...options.orderLimits };
  const uploadsDir = options.uploadsDir ?? testUploadsDir();
  const app = await buildApp({
    db,
    config: {
      NODE_ENV: 'test',
      LOG_LEVEL: options.log?.level ?? 'silent',
      WEB_ROOT: options.webRoot ?? './no-web-app',
      SSR_ENTRY: options.ssrEntry ?? './no-ssr-entry.js',
      TRUST_PROXY: false,
      CARD_PAYMENTS_ENABLED: options.cardPayments ?? false,
      PREPAY_FREE_SHIPPING: options.prepayFreeShipping ?? false,
      COD_CONFIRM_REMINDER_HOURS: DEFAULTS.COD_CONFIRM_REMINDER_HOURS,
      // Discreet, as a shop is by default (issue 47).
      DISCREET_SHIPPING: DEFAULTS.DISCREET_SHIPPING,
      SHIPPING_CONTENTS: DEFAULTS.SHIPPING_CONTENTS,
      ORDER_LIMIT_PER_IP: limits.perIp,
      ORDER_LIMIT_PER_CONTACT: limits.perContact,
      ORDER_LIMIT_WINDOW_SECONDS: limits.windowSeconds,
      ORDER_MAX_TOTAL_LEI: (limits.maxTotal ?? MAX_ORDER_TOTAL) / 100,
      SHIPMENT_OVERDUE_DAYS: 7,
      DISCOUNT_CHECKS_PER_IP: DEFAULTS.DISCOUNT_CHECKS_PER_IP,
      ...(options.cartReminderHours !== undefined ? { CART_REMINDER_HOURS: options.cartReminderHours } : {}),
    },
    auth: { baseURL: TEST_ORIGIN, secret: TEST_AUTH_SECRET, secureCookies: false },
    stripe: options.stripe ?? null,
    listen: options.listen ?? (async () => async () => undefined),
    company: TEST_COMPANY,
    invoicing: options.invoicing ?? TEST_INVOICING,
    uploadsDir,
    logStream: options.log?.stream,
    anaf: options.anaf ?? null,
    shipping: options.shipping,
    visits: options.visits,
    livePollMs: options.livePollMs,
    push: options.push ?? null,
    mail: options.mailer ? { mailer: options.mailer, shop: TEST_SHOP, ownerEmail: null, ownerLocale: options.ownerMailLanguage ?? 'en' } : undefined,
  });
  // A folder made for this app goes with it.
  if (!options.uploadsDir) app.addHook('onClose', async () => rm(uploadsDir, { recursive: true, force: true }));
  return app;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * One test file's app on a fresh, seeded database, made before its tests and closed after them.
 * Read `app` and `database` inside tests (they are set once beforeAll has run).
 */
export function setUpTestApp(options: TestAppOptions = {}) {
  const context = {} as { app: TestApp; database: Database };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    await seedCatalog(context.database.db);
    context.app = await buildTestApp(context.database.db, { listen: context.database.listen, ...options });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}

/**
 * setUpTestApp whose outbox is sent to a fake SMTP server of its own (`smtp`, started before the
 * app and stopped after it): for tests that read the mails a change sends.
 */
export function setUpMailingTestApp(options: Omit<TestAppOptions, 'mailer'> = {}) {
  const context = {} as { app: TestApp; database: Database; smtp: FakeSmtp };
  beforeAll(async () => {
    context.smtp = await startFakeSmtp();
    context.database = await createTestDatabase();
    await seedCatalog(context.database.db);
    const mailer = createSmtpMailer({ url: context.smtp.url, from: `${TEST_SHOP.name} <${TEST_SHOP.email}>`, timeoutMs: 2000 });
    context.app = await buildTestApp(context.database.db, { listen: context.database.listen, mailer, ...options });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.smtp?.stop();
    await context.database?.close();
  });
  return context;
}

/** The session cookie (name=value) an auth answer sets; throws when it sets none. */
export function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const cookies = ([] as string[]).concat((response.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const token = cookies.find((cookie) => cookie.includes('session_token='));
  if (!token) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return token.split(';')[0]!;
}

let customerCounter = 0;

/** Signs a new customer up (each from its own address, clear of the attempt limit); returns their email and session cookie. */
export async function signUpCustomer(app: TestApp, email = `customer-${Date.now()}-${++customerCounter}@example.ro`) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: 'secret123', name: email.split('@')[0] },
    remoteAddress: `10.9.${Math.floor(customerCounter / 250)}.${customerCounter % 250}`,
    headers: { origin: TEST_ORIGIN },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { email, cookie: sessionCookie(response) };
}

let turnedOn = 0;

/**
 * Turns two-factor sign-in on for the signed-in account of `cookie` as its owner would: asks for the authenticator
 * app's URI with the password, then confirms with the app's first code (testing/totp.ts). Returns the new session's
 * cookie (confirming replaces the session) and the URI, to type codes from later.
 */
export async function turnOnTwoFactor(app: TestApp, cookie: string, password = 'secret123') {
  const headers = { cookie, origin: TEST_ORIGIN };
  // Each owner from its own address, clear of the attempt limit (as signUpCustomer).
  const remoteAddress = `10.8.${Math.floor(++turnedOn / 250) % 250}.${turnedOn % 250}`;
  const enabled = await app.inject({ method: 'POST', url: '/api/auth/two-factor/enable', payload: { password }, headers, remoteAddress });
  if (enabled.statusCode !== 200) throw new Error(`turning two-factor on failed: ${enabled.statusCode} ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const verified = await app.inject({ method: 'POST', url: '/api/auth/two-factor/verify-totp', payload: { code: totpCode(totpURI) }, headers, remoteAddress });
  if (verified.statusCode !== 200) throw new Error(`confirming two-factor failed: ${verified.statusCode} ${verified.body}`);
  return { cookie: sessionCookie(verified), totpURI, backupCodes };
}

/**
 * Signs a new account up and makes it an owner (as `npm run admin -- create` does) with two-factor sign-in on, as the
 * back office asks at an owner's first visit; returns its id, email and session cookie.
 */
export async function signUpOwner(app: TestApp, db: Db, email = `owner-${Date.now()}-${++customerCounter}@example.ro`) {
  const customer = await signUpCustomer(app, email);
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row || !(await setRole(db, row.id, 'owner'))) throw new Error(`no account for ${email}`);
  const { cookie } = await turnOnTwoFactor(app, customer.cookie);
  return { ...customer, cookie, id: row.id };
}
