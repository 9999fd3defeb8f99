/**
 * `npm run worker`: sends the outbox's mails and the owners' phone notifications, checks new invoices for e-Factura and reports them to ANAF, for a shop whose serving processes
 * run with MAIL_WORKER=true, so that the processes taking orders never render or send a mail nor load the invoice
 * validators (decision 0030). Same settings as the shop
 * (DATABASE_URL, SMTP_URL, MAIL_FROM, OWNER_EMAIL, AUTH_SECRET…). Several workers may run: each leases its own
 * mails (decision 0013). Stops on SIGTERM or SIGINT once the mails it is sending are sent.
 */
import path from 'node:path';
import { openPostgres } from '../db/client';
import { authSecretOf, loadConfig, publicUrl } from './env';
import { startJobs } from './jobs';
import { createLogger, postgresConnectionWarnings } from './logging';
import { backupsFrom } from './modules/backups/settings';
import { anafReportingFrom } from './modules/invoices/reportingSettings';
import { mailOf } from './modules/mail/delivery';
import { orderMailSource } from './modules/orders/mailData';
import { pushSendingOf } from './modules/push/settings';
import { NO_COURIERS } from './modules/shipping/couriers';

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
const secret = await authSecretOf(config, dataDir);
const sending = mailOf(config, dataDir);
// Its jobs come from server/jobs.ts as a serving process's do: the mail outbox, invoice checks and reporting to ANAF.
const jobs = await startJobs({
  db: database.db,
  log,
  process: 'worker',
  mailKeepDays: config.MAIL_KEEP_DAYS,
  // Its mails offer paying a cash order by card where the serving processes' cart takes cards (the same settings).
  mail: {
    sending,
    secret,
    orderOf: orderMailSource(database.db, secret, sending.shop.url, { prepay: config.CARD_PAYMENTS_ENABLED && Boolean(config.STRIPE_SECRET_KEY), prepayFreeShipping: config.PREPAY_FREE_SHIPPING }),
  },
  anaf: anafReportingFrom(config, publicUrl(config), secret),
  shipping: NO_COURIERS,
  backups: backupsFrom(config, database),
  push: await pushSendingOf(config, dataDir),
  invoicing: null,
  visits: null,
  checkout: null,
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'mail worker stopping');
  await jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
