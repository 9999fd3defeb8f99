/**
 * `npm run worker`: sends the outbox's mails, checks new invoices for e-Factura and reports them to ANAF, for a shop whose serving processes
 * run with MAIL_WORKER=true, so that the processes taking orders never render or send a mail nor load the invoice
 * validators (decision 0030). Same settings as the shop
 * (DATABASE_URL, SMTP_URL, MAIL_FROM, OWNER_EMAIL, AUTH_SECRET…). Several workers may run: each leases its own
 * mails (decision 0013). Stops on SIGTERM or SIGINT once the mails it is sending are sent.
 */
import path from 'node:path';
import { openPostgres } from '../db/client';
import { authSecretOf, loadConfig, publicUrl } from './env';
import { createLogger, postgresConnectionWarnings } from './logging';
import { deliveryOf, MAIL_POLL_MS, mailOf } from './modules/mail/delivery';
import { startDeliveryLoop } from './modules/mail/outbox';
import { startInvoiceChecks } from './modules/invoices/checking';
import { anafReportingFrom, startReporting } from './modules/invoices/reporting';
import { orderMailSource } from './modules/orders/mailData';

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('npm run worker needs DATABASE_URL: with the embedded database the shop process sends its mails itself.');
  process.exit(1);
}
const dataDir = path.resolve(config.DATA_DIR);
const log = createLogger(config.LOG_LEVEL);
const database = await openPostgres(
  { connectionString: config.DATABASE_URL, max: 4, connectionTimeoutMillis: config.DATABASE_CONNECT_TIMEOUT_MS },
  postgresConnectionWarnings((fields, message) => log.warn(fields, message)),
);
const sending = mailOf(config, dataDir);
// The worker does nothing but mail: it never needs to give way to requests (outbox.ts processIsBusy).
const secret = await authSecretOf(config, dataDir);
const orderOf = orderMailSource(database.db, secret, sending.shop.url);
const loop = startDeliveryLoop(deliveryOf(database.db, sending, orderOf, log), MAIL_POLL_MS, async () => false);
log.info({ mail: sending.mailer.target }, 'mail worker sending mail');
// It checks each new invoice for e-Factura too (invoices/checking.ts): the serving processes never load the validators.
const invoiceChecks = startInvoiceChecks(database.db, log);
// And reports them to ANAF, as every serving process does (invoices/reporting.ts: each takes its own).
const anaf = anafReportingFrom(config, publicUrl(config), secret);
const reporting = anaf ? startReporting(database.db, anaf, log) : null;

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'mail worker stopping');
  await Promise.all([loop.stop(), invoiceChecks.stop(), reporting?.stop()]);
  sending.mailer.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
