import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDependencies } from './appDependencies';
import { registerErrorHandling } from './errors';
import { httpServerFactory } from './httpServer';
import { statementSuffixOf } from './integrations/stripe';
import { runJobsWhileUp } from './jobs';
import { createLogger } from './logging';
import { createAuth } from './modules/accounts/auth';
import { Catalogue } from './modules/catalog/catalogue';
import { reloadBeforeAnswering } from './modules/catalog/changes';
import { catalogueAnswerer } from './modules/catalog/fastAnswer';
import { serveUploadedImages } from './modules/catalog/images';
import { orderLimitsFrom } from './modules/checkout/orderLimits';
import { orderMailSource } from './modules/orders/mailData';
import { serveWebApp } from './modules/pages/webApp';
import { NO_COURIERS } from './modules/shipping/couriers';
import { VisitCounter } from './modules/visits/counter';
import { guardRequestBodies } from './requestBodies';
import { registerRoutes } from './routes';
import { addSecurityHeaders, shopSecurityHeaders } from './securityHeaders';

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
  backups = null,
  push = null,
}: AppDependencies) {
  const logger = createLogger(config.LOG_LEVEL, logStream);
  const auth = createAuth(db, authSettings, logger);
  const payments = {
    db,
    gateway: stripe,
    publicUrl: authSettings.baseURL,
    statementSuffix: config.DISCREET_SHIPPING ? statementSuffixOf(config.SHIPPING_CONTENTS) : null,
    prepayFreeShipping: config.PREPAY_FREE_SHIPPING ?? false,
  };
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
    confirmHours: config.COD_CONFIRM_REMINDER_HOURS,
    discountChecksPerIp: config.DISCOUNT_CHECKS_PER_IP,
    livePollMs,
    backupsOn: backups !== null,
    pushKey: push?.publicKey ?? null,
    cartRemindersOn: config.CART_REMINDER_HOURS !== 'off',
  });
  // Its background jobs (server/jobs.ts): the mail outbox and invoice checks when this process sends mail, reporting to
  // ANAF, tracking parcels, the couriers' lists, visit counts, card orders' reconciliation and the owners' notifications.
  runJobsWhileUp(app, {
    db,
    mail: mail
      ? {
          sending: mail,
          secret: authSettings.secret,
          orderOf: orderMailSource(db, authSettings.secret, mail.shop.url, { prepay: checkout.cardOffered, prepayFreeShipping: payments.prepayFreeShipping }),
        }
      : null,
    anaf,
    shipping,
    invoicing,
    visits,
    checkout,
    confirmReminder: config.COD_CONFIRM_REMINDER_MAIL ? { hours: config.COD_CONFIRM_REMINDER_HOURS } : null,
    mailKeepDays: config.MAIL_KEEP_DAYS,
    reviewRequestDays: config.REVIEW_REQUEST_DAYS || null,
    // Absent (tests, which run the rounds themselves): neither round; `off`: back-in-stock mails only.
    reminders:
      config.CART_REMINDER_HOURS === undefined
        ? null
        : { cartHours: config.CART_REMINDER_HOURS === 'off' ? null : config.CART_REMINDER_HOURS, secret: authSettings.secret, shopUrl: authSettings.baseURL },
    backups,
    push,
  });

  // Uploaded product images, from the database through this process's cache folder (catalog/images.ts).
  await serveUploadedImages(app, db, uploadsDir);

  // The build's files, and the pages: rendered on the server, or the web app's shell (pages/webApp.ts).
  await serveWebApp(app, { db, webRoot: config.WEB_ROOT, ssrEntry: config.SSR_ENTRY, catalogue, company, publicUrl: authSettings.baseURL });

  return app;
}
