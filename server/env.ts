import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { type CompanyInfo, EXAMPLE_COMPANY } from '../domain/company';
import { bucharestSector, COUNTY_CODES, POSTAL_CODE_PATTERN } from '../domain/counties';
import { DEFAULT_DELIVERY, deliveryDays } from '../domain/delivery';
import { INVOICE_SERIES_PATTERN } from '../domain/invoice';
import { LOCALES } from '../domain/locale';
import { phoneInE164 } from '../domain/phone';
import { MAX_ORDER_TOTAL, MAX_ORDER_TOTAL_CEILING } from '../domain/pricing';
import { courierSettings } from './courierSettings';
import { backupSettings } from './modules/backups/settings';
import { checkPushSettings, pushSettings } from './modules/push/settings';
import { cartReminderHoursSetting } from './modules/reminders/settings';
import { reviewRequestDaysSetting } from './modules/reviews/settings';

/** A setting that is `true` or `false` (as text), read as a boolean. */
export const flag = (byDefault: boolean) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(byDefault ? 'true' : 'false')
    .transform((value) => value === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  /** Folder of the embedded PGlite database, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Where this process caches the owner's uploaded product images; DATA_DIR/uploads by default. The images are
   * in the database (decision 0031): each process may have its own folder.
   */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** A real PostgreSQL (production); when set, DATA_DIR is not used for the database. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request waits for a new PostgreSQL connection before it answers 503 (milliseconds). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The origin visitors use (scheme, host, port), e.g. https://shop.example.ro. Accounts check
   * requests against it. Defaults to http://localhost:PORT.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Signs session cookies; at least 32 characters. Required in production; generated into DATA_DIR otherwise. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Behind a load balancer or reverse proxy: trust its X-Forwarded-For for visitors' IP addresses. */
  TRUST_PROXY: flag(false),
  /** Stripe secret key (sk_live_… or sk_test_…); without it card payments answer 503. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  /** Signing secret of the webhook endpoint (whsec_…), from the Stripe dashboard; required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Turns the card option on in the cart checkout (off by default, as the spec shows it disabled). */
  CARD_PAYMENTS_ENABLED: flag(false),
  /**
   * `true`: delivery is free for an order paid by card before it leaves (the cart's card payment, Buy now, the owner's
   * pay link, a cash order paid by card instead): a discount for paying first, never a surcharge on cash (issue 47).
   */
  PREPAY_FREE_SHIPPING: flag(false),
  /** Tests only: a local fake of Stripe's API, e.g. http://127.0.0.1:4320. */
  STRIPE_API_URL: z.string().url().optional(),
  /** The built web app; the API runs without it (tests, or `npm run dev` with Vite). */
  WEB_ROOT: z.string().min(1).default('./dist'),
  /** The storefront's server renderer (`vite build --ssr`); without it every page is the app shell, rendered in the browser. */
  SSR_ENTRY: z.string().min(1).default('./dist-ssr/entry-server.js'),
  /** Orders one IP address may place per ORDER_LIMIT_WINDOW_SECONDS; 0 turns the limit off. */
  ORDER_LIMIT_PER_IP: z.coerce.number().int().min(0).default(10),
  /** Orders per email address, and per phone number, in the same window; 0 turns the limit off. */
  ORDER_LIMIT_PER_CONTACT: z.coerce.number().int().min(0).default(5),
  ORDER_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Discount code checks one IP address may make per 10 minutes (so codes cannot be guessed by trying); 0 turns the limit off. */
  DISCOUNT_CHECKS_PER_IP: z.coerce.number().int().min(0).default(30),
  /** The most one order may total, in lei: a larger one is refused (400) and nothing is written. */
  ORDER_MAX_TOTAL_LEI: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ORDER_TOTAL_CEILING / 100)
    .default(MAX_ORDER_TOTAL / 100),
  /** An SMTP server for the shop's mails (smtp://user:password@host:587, smtps://… for TLS from the start); without it mails are written as .eml files into DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'must start with smtp:// or smtps://')
    .optional(),
  /** Who the mails come from: "Shop name <address>"; the address is also the contact mails give customers. */
  MAIL_FROM: z
    .string()
    .regex(/^[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/, 'must be an address, or "Name <address>"')
    .default('Secret Stash <shop@localhost>'),
  /**
   * `true`: this process never renders or sends a mail; a separate `npm run worker` (one or more, on the same
   * PostgreSQL) does, so the processes taking orders spend nothing on mail. Needs DATABASE_URL: the embedded
   * database is one process's.
   */
  MAIL_WORKER: flag(false),
  /** Where the owner's new-order alerts go; every owner account's address when unset. */
  OWNER_EMAIL: z.string().email().optional(),
  /** The language of the owners' alerts (new order, withdrawal): ro or en. Customers get theirs in the language they ordered in. */
  OWNER_MAIL_LANGUAGE: z.enum(LOCALES).default('ro'),
  /**
   * How long a mail that cannot be sent is retried (hours after it was written) before it is marked
   * failed and shown to the owner in the back office; 0 gives up at the first failure.
   */
  MAIL_GIVE_UP_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Days a sent mail stays in the outbox; then it goes, and its order's timeline keeps that it was sent (issue 48). */
  MAIL_KEEP_DAYS: z.coerce.number({ error: 'must be a number of days' }).int('must be whole days').min(1).max(3650).default(90),
  /**
   * Days after which a shipped order not yet marked delivered or returned is pointed out to the owner (the back
   * office's dashboard, and its "Overdue shipments" filter): the courier may have lost or returned it. 0 points out
   * every shipped order.
   */
  /**
   * The delivery promise shown by the buy button, the cart, the order button and the confirmation (issue 46): working
   * days from the day an order leaves ("1-3"), and the hour (Bucharest) after which a day's orders leave the next
   * working day.
   */
  DELIVERY_WORKING_DAYS: z
    .string()
    .default('1-3')
    .transform((text, context) => {
      const days = deliveryDays(text);
      if (days) return days;
      context.addIssue({ code: 'custom', message: 'must be working days, as 1-3 or 2' });
      return z.NEVER;
    }),
  DELIVERY_CUTOFF_HOUR: z.coerce.number({ error: 'must be an hour, 0 to 23' }).int('must be a whole hour').min(0).max(23).default(14),
  /** The phone customers call about an order (COMPANY_PHONE when absent), and a WhatsApp number to write to (none when absent). */
  SHOP_PHONE: z.string().min(1).max(40).optional(),
  SHOP_WHATSAPP: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return null;
      const phone = phoneInE164(text);
      if (phone) return phone;
      context.addIssue({ code: 'custom', message: 'must be a phone number, as +40 722 123 456' });
      return z.NEVER;
    }),
  /** Whether the shop calls each cash-on-delivery customer to confirm the order before it leaves (the confirmation says so). */
  COD_CONFIRM_CALL: flag(false),
  /** `true`: a cash order its customer has not confirmed COD_CONFIRM_REMINDER_HOURS on gets one reminder mail (issue 47). */
  COD_CONFIRM_REMINDER_MAIL: flag(false),
  /** A cash order its customer has not confirmed from the mail's link this many hours on is listed as not confirmed (issue 47). */
  COD_CONFIRM_REMINDER_HOURS: z.coerce.number({ error: 'must be a number of hours' }).int('must be whole hours').min(1).max(720).default(24),
  REVIEW_REQUEST_DAYS: reviewRequestDaysSetting,
  CART_REMINDER_HOURS: cartReminderHoursSetting,
  SHIPMENT_OVERDUE_DAYS: z.coerce.number({ error: 'must be a number of days' }).int('must be a whole number of days').min(0).max(90).default(7),
  /**
   * The seller's identification, shown in every page's footer and at checkout (ANPC Order 225/2023).
   * The defaults are placeholders a shop must replace before it sells.
   */
  COMPANY_NAME: z.string().min(1).max(200).default(EXAMPLE_COMPANY.name),
  COMPANY_CUI: z.string().min(1).max(30).default(EXAMPLE_COMPANY.cui),
  COMPANY_REG_NO: z.string().min(1).max(40).default(EXAMPLE_COMPANY.registrationNumber),
  COMPANY_ADDRESS: z.string().min(1).max(300).default(EXAMPLE_COMPANY.address),
  COMPANY_EMAIL: z.string().email().default(EXAMPLE_COMPANY.email),
  COMPANY_PHONE: z.string().min(1).max(40).default(EXAMPLE_COMPANY.phone),
  /**
   * The registered office as invoices and e-Factura take it: street with number, city, county (its code: CJ, B…; in
   * Bucharest the city or street names the sector) and postal code.
   */
  COMPANY_STREET: z.string().min(1).max(150).default('Strada Exemplului nr. 1'),
  COMPANY_CITY: z.string().min(1).max(100).default('București, Sector 1'),
  COMPANY_COUNTY: z.enum(COUNTY_CODES, { error: 'must be a county code: CJ, B, IS…' }).default('B'),
  COMPANY_POSTAL_CODE: z.string().regex(POSTAL_CODE_PATTERN, 'must be six digits').default('010001'),
  /** Whether the seller is registered for VAT; one that is not issues invoices without VAT (category O). */
  COMPANY_VAT_PAYER: flag(true),
  /** The invoices' series (letters and digits), and whether their numbers start again at 1 every year (the year then joins the series). */
  INVOICE_SERIES: z.string().regex(INVOICE_SERIES_PATTERN, 'must be 1 to 10 capital letters or digits').default('SST'),
  INVOICE_NUMBERS_RESTART_YEARLY: flag(false),
  /** When a cash order's invoice is issued: when the owner marks it shipped (it travels in the parcel) or delivered. A card order's, once paid. */
  INVOICE_ON: z.enum(['shipped', 'delivered']).default('shipped'),
  /**
   * RO e-Factura: the shop's OAuth application registered with ANAF (its callback: PUBLIC_URL/api/admin/anaf/callback,
   * https), and which ANAF it reports to (test: ANAF's test environment, nothing is declared; prod: for real). Without
   * them invoices are issued, checked and kept, and the back office says that they are not reported.
   */
  ANAF_CLIENT_ID: z.string().min(1).optional(),
  ANAF_CLIENT_SECRET: z.string().min(1).optional(),
  ANAF_ENV: z.enum(['test', 'prod']).optional(),
  /** ANAF's API (…/{test|prod}/FCTEL/rest/) and its OAuth server: the real ones unless pointed elsewhere (a proxy, tests). */
  ANAF_BASE_URL: z.string().url().default('https://api.anaf.ro'),
  ANAF_OAUTH_URL: z.string().url().default('https://logincert.anaf.ro'),
  /** The key ANAF's tokens are encrypted with in the database (32 or more characters); without it, one derived from AUTH_SECRET. */
  ANAF_TOKEN_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ...courierSettings,
  ...backupSettings,
  ...pushSettings,
  /** How often each process looks for invoices to report to ANAF, in seconds. */
  ANAF_REPORT_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export type Config = z.infer<typeof envSchema>;

/** Reads the configuration once at start-up; a fresh clone runs with no variables at all. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.STRIPE_SECRET_KEY && !parsed.data.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      "Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (the webhook endpoint's signing secret, whsec_…, from the Stripe dashboard); without it no payment could ever be confirmed.",
    );
  }
  if (parsed.data.MAIL_WORKER && !parsed.data.DATABASE_URL) {
    throw new Error('Invalid configuration: MAIL_WORKER=true needs DATABASE_URL: the embedded database is opened by one process, which then sends the mails itself.');
  }
  if (parsed.data.COMPANY_COUNTY === 'B' && bucharestSector(parsed.data.COMPANY_CITY, parsed.data.COMPANY_STREET) === null) {
    throw new Error('Invalid configuration: COMPANY_CITY or COMPANY_STREET must name the Bucharest sector ("București, Sector 1"): e-Factura asks for it.');
  }
  const anaf = [parsed.data.ANAF_CLIENT_ID, parsed.data.ANAF_CLIENT_SECRET, parsed.data.ANAF_ENV];
  if (anaf.some(Boolean) && !anaf.every(Boolean)) {
    throw new Error('Invalid configuration: ANAF_CLIENT_ID, ANAF_CLIENT_SECRET and ANAF_ENV (test or prod) go together: set all three to report invoices to ANAF, or none.');
  }
  const sameday = [parsed.data.SAMEDAY_USERNAME, parsed.data.SAMEDAY_PASSWORD, parsed.data.SAMEDAY_ENV];
  if (sameday.some(Boolean) && !sameday.every(Boolean)) {
    throw new Error('Invalid configuration: SAMEDAY_USERNAME, SAMEDAY_PASSWORD and SAMEDAY_ENV (demo or prod) go together: set all three to ship with Sameday, or none.');
  }
  const fan = [parsed.data.FAN_USERNAME, parsed.data.FAN_PASSWORD, parsed.data.FAN_CLIENT_ID];
  if (fan.some(Boolean) && !fan.every(Boolean)) {
    throw new Error('Invalid configuration: FAN_USERNAME, FAN_PASSWORD and FAN_CLIENT_ID go together: set all three to ship with FAN Courier, or none.');
  }
  const cargus = [parsed.data.CARGUS_SUBSCRIPTION_KEY, parsed.data.CARGUS_USERNAME, parsed.data.CARGUS_PASSWORD];
  if (cargus.some(Boolean) && !cargus.every(Boolean)) {
    throw new Error('Invalid configuration: CARGUS_SUBSCRIPTION_KEY, CARGUS_USERNAME and CARGUS_PASSWORD go together: set all three to ship with Cargus, or none.');
  }
  if (parsed.data.COURIER_DEFAULT === 'sameday' && !parsed.data.SAMEDAY_USERNAME) {
    throw new Error('Invalid configuration: COURIER_DEFAULT=sameday needs Sameday set up (SAMEDAY_USERNAME, SAMEDAY_PASSWORD, SAMEDAY_ENV).');
  }
  if (parsed.data.COURIER_DEFAULT === 'fan' && !parsed.data.FAN_USERNAME) {
    throw new Error('Invalid configuration: COURIER_DEFAULT=fan needs FAN Courier set up (FAN_USERNAME, FAN_PASSWORD, FAN_CLIENT_ID).');
  }
  if (parsed.data.COURIER_DEFAULT === 'cargus' && !parsed.data.CARGUS_USERNAME) {
    throw new Error('Invalid configuration: COURIER_DEFAULT=cargus needs Cargus set up (CARGUS_SUBSCRIPTION_KEY, CARGUS_USERNAME, CARGUS_PASSWORD).');
  }
  if (parsed.data.ANAF_CLIENT_ID && !parsed.data.PUBLIC_URL?.startsWith('https://') && !isLoopback(parsed.data.PUBLIC_URL)) {
    throw new Error("Invalid configuration: reporting to ANAF needs PUBLIC_URL to be the shop's https address: ANAF sends the owner back to PUBLIC_URL/api/admin/anaf/callback, which must be https.");
  }
  checkPushSettings(parsed.data);
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.AUTH_SECRET) {
    throw new Error('Invalid configuration: AUTH_SECRET is required in production (at least 32 random characters).');
  }
  return parsed.data;
}

/** A shop on this machine alone (http://localhost…, http://127.0.0.1…): tried out against a stand-in for ANAF. */
function isLoopback(url: string | undefined): boolean {
  return url !== undefined && ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
}

export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/**
 * AUTH_SECRET, or without it (allowed outside production) one made once and kept beside the data
 * (DATA_DIR/auth-secret): the serving processes and the mail worker sign and check the same links with it.
 */
export async function authSecretOf(config: Pick<Config, 'AUTH_SECRET'>, dataDir: string): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(dataDir, 'auth-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** The folder of uploaded images: UPLOADS_DIR, or `uploads` in DATA_DIR. */
export function uploadsDirOf(config: Pick<Config, 'UPLOADS_DIR' | 'DATA_DIR'>): string {
  return config.UPLOADS_DIR ?? path.join(config.DATA_DIR, 'uploads');
}

/** The seller's identification from the COMPANY_* settings. */
export function companyOf(
  config: Pick<Config, 'COMPANY_NAME' | 'COMPANY_CUI' | 'COMPANY_REG_NO' | 'COMPANY_ADDRESS' | 'COMPANY_EMAIL' | 'COMPANY_PHONE'> &
    Partial<Pick<Config, 'DELIVERY_WORKING_DAYS' | 'DELIVERY_CUTOFF_HOUR' | 'SHOP_PHONE' | 'SHOP_WHATSAPP' | 'COD_CONFIRM_CALL' | 'CART_REMINDER_HOURS'>>,
): CompanyInfo {
  return {
    name: config.COMPANY_NAME,
    cui: config.COMPANY_CUI,
    registrationNumber: config.COMPANY_REG_NO,
    address: config.COMPANY_ADDRESS,
    email: config.COMPANY_EMAIL,
    phone: config.COMPANY_PHONE,
    service: {
      delivery: { ...(config.DELIVERY_WORKING_DAYS ?? DEFAULT_DELIVERY), cutoffHour: config.DELIVERY_CUTOFF_HOUR ?? DEFAULT_DELIVERY.cutoffHour },
      phone: config.SHOP_PHONE ?? config.COMPANY_PHONE,
      whatsapp: config.SHOP_WHATSAPP ?? null,
      confirmCall: config.COD_CONFIRM_CALL ?? false,
      cartReminders: config.CART_REMINDER_HOURS !== undefined && config.CART_REMINDER_HOURS !== 'off',
    },
  };
}

/** MAIL_FROM split into the name mails are signed with and the address customers write to. */
export function mailSender(config: Pick<Config, 'MAIL_FROM'>): { name: string; email: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(config.MAIL_FROM);
  return match ? { name: match[1] || 'Secret Stash', email: match[2]! } : { name: 'Secret Stash', email: config.MAIL_FROM.trim() };
}

/**
 * With discreet shipping (issue 47), the neutral name the shop goes by where a customer's neighbour may read it (mails'
 * From, a return label): SHIPPING_SENDER_NAME, else COMPANY_NAME. null without discreet shipping.
 */
export function discreetSenderName(config: { DISCREET_SHIPPING: boolean; SHIPPING_SENDER_NAME?: string; COMPANY_NAME?: string }): string | null {
  return config.DISCREET_SHIPPING ? (config.SHIPPING_SENDER_NAME ?? config.COMPANY_NAME ?? null) : null;
}
