import { defineConfig, devices } from '@playwright/test';
import { SHOP_NODE_FLAGS } from './scripts/shopProcess';

/** The shop as it ships: card payments off, no Stripe keys. */
export const SHOP_PORT = 4310;
/** The same shop with card payments on, talking to the fake Stripe. */
export const CARD_SHOP_PORT = 4311;
export const FAKE_STRIPE_PORT = 4320;
/** A shop of its own for the back office's product specs: their price and stock changes never meet the storefront specs. */
export const ADMIN_PRODUCTS_SHOP_PORT = 4313;
/** A shop of its own for the back office's mail spec, sending to the fake SMTP server and giving a mail up at its first failure. */
export const ADMIN_MAILS_SHOP_PORT = 4314;
export const FAKE_SMTP_PORT = 4325;
/** The fake SMTP server's HTTP control (refuse, accept, the mails it caught): testing/fakeSmtpMain.ts. */
export const FAKE_SMTP_CONTROL_PORT = 4326;
/**
 * The fake ANAF (testing/fakeAnafMain.ts) the shop reports invoices to. It lets the shop's application act for another
 * CIF than the shop's, so ANAF refuses every upload: the spec sees ANAF's errors and Send again.
 */
export const FAKE_ANAF_PORT = 4327;
/** The fake ANAF's control (testing/fakeAnafMain.ts): ANAF ending the shop's sign-in. */
export const FAKE_ANAF_CONTROL_PORT = 4330;
/** The fake Sameday (testing/fakeSamedayMain.ts) the shop creates AWBs with, and its control (a parcel delivered…). */
export const FAKE_SAMEDAY_PORT = 4328;
export const FAKE_SAMEDAY_CONTROL_PORT = 4329;
/** The fake Cargus (testing/fakeCargusMain.ts): the main shop's second courier, whose pickup the shop orders. */
export const FAKE_CARGUS_PORT = 4331;
/** The fake Cargus's control (testing/fakeCargusMain.ts): what the shop asked of it. */
export const FAKE_CARGUS_CONTROL_PORT = 4332;
/** A second fake SMTP server, taking every mail, for the card shop: specs read its customers' mails as SMTP delivered them. */
export const CARD_SMTP_PORT = 4333;
export const CARD_SMTP_CONTROL_PORT = 4334;
/** The owner every e2e shop has (made by `npm run admin -- create` before it starts). */
export const OWNER = { email: 'owner@example.ro', password: 'owner-password-e2e' } as const;
const WEBHOOK_SECRET = 'whsec_e2e_secret';
/** Products 1–4 get Stripe price ids; the charger (5) has none. */
export const PRICE_IDS = { '1': 'price_lighter', '2': 'price_key', '3': 'price_belt', '4': 'price_marker' } as const;
const FAKE_PRICES = { price_lighter: 3999, price_key: 6499, price_belt: 3999, price_marker: 3999 };

const setPrices = `node --liftoff-only scripts/launch.mjs stripe-price ${Object.entries(PRICE_IDS).flat().join(' ')}`;
const createOwner = `echo '${OWNER.password}' | node --liftoff-only scripts/launch.mjs admin create ${OWNER.email} --password-stdin > /dev/null`;
const shop = (port: number, dataDir: string, env: Record<string, string> = {}) => ({
  // A fresh embedded database for every run, on the build as `npm start` runs it (`npm test` builds first).
  command: `rm -rf ${dataDir} && ${setPrices} > /dev/null && ${createOwner} && node ${SHOP_NODE_FLAGS.join(' ')} scripts/launch.mjs main`,
  url: `http://127.0.0.1:${port}/api/health`,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Every spec orders from 127.0.0.1, mostly as ana@example.ro: far more than a real customer.
    ORDER_LIMIT_PER_IP: '1000',
    DISCOUNT_CHECKS_PER_IP: '1000',
    ORDER_LIMIT_PER_CONTACT: '1000',
    // The specs read the owners' alerts in English (the shop's default is Romanian).
    OWNER_MAIL_LANGUAGE: 'en',
    // No daily backup but where a spec reads it (the main shop: its first minute backs it up).
    BACKUP_HOUR: 'off',
    ...env,
  },
  reuseExistingServer: false,
  timeout: 60_000,
});

export default defineConfig({
  testDir: 'e2e',
  // After the web servers are up: each shop's owner sets up two-factor sign-in (e2e/globalSetup.ts).
  globalSetup: './e2e/globalSetup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The longest journeys take 20–25 s alone on this 2-core VM, and on a slow day nearly twice that beside the other
  // worker: 30 s (Playwright's default) failed them for time alone, with every step they check passing.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${SHOP_PORT}`,
    // Debian's headless Chromium (chromium-headless-shell: the old headless mode, the one Playwright itself runs headless);
    // this machine never downloads browsers. Beside the full browser's new headless mode it takes about half the CPU a
    // page: the end-to-end suite is bound by this VM's two cores.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // No trace by default: recording every test's took 14% of the suite (6.4 minutes against 5.5 here). To see a
    // failure step by step: npm run test:e2e -- --trace retain-on-failure (docs/testing.md).
    trace: 'off',
  },
  webServer: [
    // Started one after another, in this order: the stand-in for Sameday is up before the shop loads its lockers.
    {
      command: 'node --import tsx testing/fakeSamedayMain.ts',
      url: `http://127.0.0.1:${FAKE_SAMEDAY_CONTROL_PORT}/health`,
      env: { FAKE_SAMEDAY_PORT: String(FAKE_SAMEDAY_PORT), FAKE_SAMEDAY_CONTROL_PORT: String(FAKE_SAMEDAY_CONTROL_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    // Every shipped order counts as overdue here, so the back office's spec sees the dashboard point it out.
    shop(SHOP_PORT, 'test-results/e2e-data', {
      SHIPMENT_OVERDUE_DAYS: '0',
      ANAF_CLIENT_ID: 'e2e-client',
      ANAF_CLIENT_SECRET: 'e2e-secret',
      ANAF_ENV: 'test',
      ANAF_BASE_URL: `http://127.0.0.1:${FAKE_ANAF_PORT}`,
      ANAF_OAUTH_URL: `http://127.0.0.1:${FAKE_ANAF_PORT}`,
      ANAF_REPORT_EVERY_SECONDS: '2',
      SAMEDAY_USERNAME: 'e2e-shop',
      SAMEDAY_PASSWORD: 'e2e-secret',
      SAMEDAY_ENV: 'demo',
      SAMEDAY_BASE_URL: `http://127.0.0.1:${FAKE_SAMEDAY_PORT}`,
      CARGUS_SUBSCRIPTION_KEY: 'e2e-key',
      CARGUS_USERNAME: 'e2e-shop',
      CARGUS_PASSWORD: 'e2e-secret',
      CARGUS_BASE_URL: `http://127.0.0.1:${FAKE_CARGUS_PORT}`,
      // Every 3 seconds: the spec sees a parcel the fake courier delivers become delivered.
      COURIER_TRACK_EVERY_MINUTES: '0.05',
      // Due from midnight: the shop backs itself up in its first minute, and the dashboard says when.
      BACKUP_HOUR: '0',
    }),
    {
      command: 'node --import tsx testing/fakeCargusMain.ts',
      url: `http://127.0.0.1:${FAKE_CARGUS_CONTROL_PORT}/health`,
      env: { FAKE_CARGUS_PORT: String(FAKE_CARGUS_PORT), FAKE_CARGUS_CONTROL_PORT: String(FAKE_CARGUS_CONTROL_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node --import tsx testing/fakeAnafMain.ts',
      // Its API answers 401 without a token: it is up.
      url: `http://127.0.0.1:${FAKE_ANAF_PORT}/test/FCTEL/rest/stareMesaj`,
      env: {
        FAKE_ANAF_PORT: String(FAKE_ANAF_PORT),
        FAKE_ANAF_CONTROL_PORT: String(FAKE_ANAF_CONTROL_PORT),
        FAKE_ANAF_CLIENT_ID: 'e2e-client',
        FAKE_ANAF_CLIENT_SECRET: 'e2e-secret',
        FAKE_ANAF_CIFS: '12345678',
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node --import tsx testing/fakeStripeMain.ts',
      url: `http://127.0.0.1:${FAKE_STRIPE_PORT}/health`,
      env: {
        FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT),
        FAKE_STRIPE_PRICES: JSON.stringify(FAKE_PRICES),
        FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${CARD_SHOP_PORT}/api/stripe/webhook`,
        FAKE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node --import tsx testing/fakeSmtpMain.ts',
      url: `http://127.0.0.1:${CARD_SMTP_CONTROL_PORT}/health`,
      env: { FAKE_SMTP_PORT: String(CARD_SMTP_PORT), FAKE_SMTP_CONTROL_PORT: String(CARD_SMTP_CONTROL_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    shop(CARD_SHOP_PORT, 'test-results/e2e-card-data', {
      CARD_PAYMENTS_ENABLED: 'true',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
      // Sameday's stand-in too: a cash order paid by card instead is shipped with nothing to collect (issue 47).
      SAMEDAY_USERNAME: 'e2e-shop',
      SAMEDAY_PASSWORD: 'e2e-secret',
      SAMEDAY_ENV: 'demo',
      SAMEDAY_BASE_URL: `http://127.0.0.1:${FAKE_SAMEDAY_PORT}`,
      // Its mails go over SMTP to a fake server of its own (issue 47: a mail's links read as the customer gets them).
      SMTP_URL: `smtp://127.0.0.1:${CARD_SMTP_PORT}`,
      // The review request a few seconds after delivery instead of days (issue 49, e2e/reviews.spec.ts).
      REVIEW_REQUEST_DAYS: '0.00005',
    }),
    // Cart reminders due 3.6 s after the visitor's last change (e2e/reminders.spec.ts), not 2 hours.
    shop(ADMIN_PRODUCTS_SHOP_PORT, 'test-results/e2e-admin-products-data', { CART_REMINDER_HOURS: '0.001' }),
    {
      command: 'node --import tsx testing/fakeSmtpMain.ts',
      url: `http://127.0.0.1:${FAKE_SMTP_CONTROL_PORT}/health`,
      env: { FAKE_SMTP_PORT: String(FAKE_SMTP_PORT), FAKE_SMTP_CONTROL_PORT: String(FAKE_SMTP_CONTROL_PORT), FAKE_SMTP_REFUSING: 'true' },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    shop(ADMIN_MAILS_SHOP_PORT, 'test-results/e2e-admin-mails-data', { SMTP_URL: `smtp://127.0.0.1:${FAKE_SMTP_PORT}`, MAIL_GIVE_UP_HOURS: '0' }),
  ],
});
