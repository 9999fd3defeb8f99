import path from 'node:path';
import { type Database, openPglite, openPostgres } from '../db/client';
import { DataFolderInUseError, DataFolderMovedError } from '../db/dataFolderLock';
import { seedCatalog } from '../db/seed';
import { buildApp } from './app';
import { authSecretOf, companyOf, loadConfig, mailSender, publicUrl, uploadsDirOf } from './env';
import { createStripeGateway } from './integrations/stripe';
import { postgresConnectionWarnings } from './logging';
import { backupsFrom } from './modules/backups/settings';
import { anafReportingFrom } from './modules/invoices/reportingSettings';
import { invoicingFrom } from './modules/invoices/service';
import { pushSendingOf } from './modules/push/settings';
import { shippingFrom } from './modules/shipping/couriers';

const config = loadConfig();
const dataDir = path.resolve(config.DATA_DIR);

/** Until the app and its logger exist, warnings go to stderr. */
let warn = (fields: object, message: string) => console.error(message, JSON.stringify(fields));

async function openDatabase(): Promise<Database> {
  if (config.DATABASE_URL) {
    return openPostgres(
      { connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE, connectionTimeoutMillis: config.DATABASE_CONNECT_TIMEOUT_MS },
      // `warn` goes to the app's logger once it exists.
      postgresConnectionWarnings((fields, message) => warn(fields, message)),
    );
  }
  const folder = path.join(dataDir, 'pglite');
  try {
    return await openPglite(folder, {
      onLockCompromised(error) {
        // Another process may be writing the folder now: stop at once rather than write beside it.
        console.error(`FATAL: the lock on the data folder ${folder} was lost (${error.message}); stopping so that no two processes write it.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if (!(error instanceof DataFolderInUseError || error instanceof DataFolderMovedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const database = await openDatabase();
await seedCatalog(database.db);

const baseURL = publicUrl(config);
const secret = await authSecretOf(config, dataDir);
const app = await buildApp({
  db: database.db,
  listen: database.listen,
  config,
  auth: {
    baseURL,
    secret,
    // On a developer's machine the shop answers on both spellings of itself, and behind `npm run dev` (Vite).
    trustedOrigins: config.NODE_ENV === 'production' ? [] : [`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`, 'http://localhost:5173', 'http://127.0.0.1:5173'],
    secureCookies: baseURL.startsWith('https:'),
    issuer: mailSender(config).name,
  },
  stripe: config.STRIPE_SECRET_KEY ? await createStripeGateway({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL }) : null,
  company: companyOf(config),
  invoicing: invoicingFrom(config),
  anaf: anafReportingFrom(config, baseURL, secret),
  shipping: shippingFrom(config),
  backups: backupsFrom(config, database),
  // The owners' phone notifications: the key to subscribe with in every process, sent by the one that sends mail.
  push: await pushSendingOf(config, dataDir),
  uploadsDir: path.resolve(uploadsDirOf(config)),
  // With MAIL_WORKER, `npm run worker` sends the mails (server/worker.ts); this process only writes them.
  mail: config.MAIL_WORKER ? undefined : (await import('./modules/mail/delivery')).mailOf(config, dataDir),
});
warn = (fields, message) => app.log.warn(fields, message);
app.log.info({ database: database.kind, publicUrl: baseURL }, 'database ready');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  try {
    // Finish in-flight requests, then close the database: PGlite checkpoints, closes its data folder
    // and only then releases the folder's lock for the next process.
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
