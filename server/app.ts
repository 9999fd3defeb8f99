import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Database, Db } from '../db/client';
import type { CompanyInfo } from '../domain/company';
import type { Config } from './env';
import { registerErrorHandling } from './errors';
import { httpServerFactory } from './httpServer';
import type { PaymentGateway } from './integrations/stripe';
import { runJobsWhileUp } from './jobs';
import { createLogger } from './logging';
import { type AuthSettings, createAuth } from './modules/accounts/auth';
import { Catalogue } from './modules/catalog/catalogue';
import { reloadBeforeAnswering } from './modules/catalog/changes';
import { catalogueAnswerer } from './modules/catalog/fastAnswer';
import { serveUploadedImages } from './modules/catalog/images';
import { type OrderLimitSettings, orderLimitsFrom } from './modules/checkout/orderLimits';
import type { AnafReporting } from './modules/invoices/reportingSettings';
import type { Invoicing } from './modules/invoices/service';
import type { MailSending } from './modules/mail/delivery';
import { orderMailSource } from './modules/orders/mailData';
import { serveWebApp } from './modules/pages/webApp';
import { NO_COURIERS, type Shipping } from './modules/shipping/couriers';
import { VisitCounter } from './modules/visits/counter';
import { guardRequestBodies } from './requestBodies';
import { registerRoutes } from './routes';
import { addSecurityHeaders, shopSecurityHeaders } from './securityHeaders';

export interface AppDependencies {
  db: Db;
  config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL' | 'WEB_ROOT' | 'SSR_ENTRY' | 'TRUST_PROXY' | 'CARD_PAYMENTS_ENABLED' | 'SHIPMENT_OVERDUE_DAYS' | 'DISCOUNT_CHECKS_PER_IP'> & OrderLimitSettings;
  auth: AuthSettings;
  /** Stripe, or null when no key is configured (card payments then answer 503). */
  stripe: PaymentGateway | null;
  /** LISTEN on the database (Database.listen): the back office's live order stream, the catalogue's reloads. */
  listen: Database['listen'];
  /** The seller's identification (COMPANY_*), embedded in every page the server sends. */
  company: CompanyInfo;
  /** The shop's invoicing (series, when, the seller): invoices/service.ts's invoicingFrom. */
  invoicing: Invoicing;
  /** Where the owner's uploaded images are stored and served from (/uploads/…). */
  uploadsDir: string;
  /** Where the log goes: stdout unless given (tests read it). */
  logStream?: DestinationStream;
  /**
   * Sending the outbox's mails (server/modules/mail): the mailer and who the mails come from. Without
   * it this process sends none (mails wait in the outbox for a process that does).
   */
  mail?: MailSending;
  /** Reporting invoices to ANAF (invoices/reporting.ts), or none when no ANAF application is set up. */
  anaf?: AnafReporting | null;
  /** The couriers the shop is set up with (shipping/couriers.ts); none: Create AWB is not offered. */
  shipping?: Shipping;
  /** The back office's live stream's safety poll, in milliseconds (orders/liveOrders.ts SAFETY_POLL_MS by default). */
  livePollMs?: number;
  /** The visitor counter (visits/counter.ts): a test gives its own, to write its counts when it wants. */
  visits?: VisitCounter;
}

/** Largest JSON body the API reads (checkout bodies are a few KB). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp({
  db,
  config,
  auth: authSettings,
  stripe,
  listen,
  company,
  invoicing,
  uploadsDir,
  logStream,
  mail,
  anaf = null,
  shipping = NO_COURIERS,
  livePollMs,
  visits: givenVisits,
}: AppDependencies) {
  const logger = createLogger(config.LOG_LEVEL, logStream);
  const auth = createAuth(db, authSettings, logger);
  const payments = { db, gateway: stripe, publicUrl: authSettings.baseURL };
  const cardPaymentsEnabled = config.CARD_PAYMENTS_ENABLED;
  const visits = givenVisits ?? new VisitCounter(db);
  const checkout = {
    db,
    payments,
    orderLimits: orderLimitsFrom(config),
    invoicing,
    shipping,
    cardOffered: cardPaymentsEnabled && stripe !== null,
    shopContact: { email: company.email, phone: company.phone },
  };
  /** The back office's changes must come from these (the same origins better-auth accepts for sign-in). */
  const origins = [authSettings.baseURL, ...(authSettings.trustedOrigins ?? [])];
  const headers = shopSecurityHeaders(config.NODE_ENV);
  /** Answers a request before Fastify does, when it can (the catalogue, once loaded: catalog/fastAnswer.ts). */
  let answerFirst: ((request: IncomingMessage, response: ServerResponse) => boolean) | null = null;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    serverFactory: httpServerFactory((request, response) => answerFirst?.(request, response) ?? false),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Loaded before the app answers anything; GET /api/products is served from it (catalog/catalogue.ts).
  const catalogue = await Catalogue.open(db, listen, app.log);
  app.decorate('catalogue', catalogue);
  app.addHook('onClose', () => catalogue.close());
  answerFirst = catalogueAnswerer(catalogue, headers);
  reloadBeforeAnswering(app, catalogue);
  // The API speaks JSON only; a text body is answered as "must be JSON", not parsed as a string.
  app.removeContentTypeParser('text/plain');
  guardRequestBodies(app);

  addSecurityHeaders(app, headers);

  await registerRoutes(app, {
    db,
    listen,
    auth,
    secret: authSettings.secret,
    baseURL: authSettings.baseURL,
    origins,
    catalogue,
    checkout,
    cardPaymentsEnabled,
    anaf,
    shipping,
    invoicing,
    visits,
    overdueDays: config.SHIPMENT_OVERDUE_DAYS,
    discountChecksPerIp: config.DISCOUNT_CHECKS_PER_IP,
    livePollMs,
  });
  // Its background jobs (server/jobs.ts): the mail outbox and invoice checks when this process sends mail, reporting to
  // ANAF, tracking parcels, the couriers' lists, visit counts and card orders' reconciliation.
  runJobsWhileUp(app, { db, mail: mail ? { sending: mail, orderOf: orderMailSource(db, authSettings.secret, mail.shop.url) } : null, anaf, shipping, invoicing, visits, checkout });

  // Uploaded product images, from the database through this process's cache folder (catalog/images.ts).
  await serveUploadedImages(app, db, uploadsDir);

  // The build's files, and the pages: rendered on the server, or the web app's shell (pages/webApp.ts).
  await serveWebApp(app, { db, webRoot: config.WEB_ROOT, ssrEntry: config.SSR_ENTRY, catalogue, company, publicUrl: authSettings.baseURL });

  return app;
}
