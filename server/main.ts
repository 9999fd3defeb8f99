import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openPglite, openPostgres } from '../db/client';
import { seedCatalog } from '../db/seed';
import { buildApp } from './app';
import { createStripeGateway } from './integrations/stripe';
import { loadConfig, publicUrl } from './env';

const config = loadConfig();
const dataDir = path.resolve(config.DATA_DIR);
const database = config.DATABASE_URL
  ? await openPostgres({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE })
  : await openPglite(path.join(dataDir, 'pglite'));
await seedCatalog(database.db);

/** Without AUTH_SECRET (allowed outside production) one is made once and kept beside the data. */
async function authSecret(): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(dataDir, 'auth-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

const baseURL = publicUrl(config);
const app = await buildApp({
  db: database.db,
  config,
  auth: {
    baseURL,
    secret: await authSecret(),
    // On a developer's machine the shop answers on both spellings of itself, and behind `npm run dev` (Vite).
    trustedOrigins:
      config.NODE_ENV === 'production'
        ? []
        : [`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`, 'http://localhost:5173', 'http://127.0.0.1:5173'],
    secureCookies: baseURL.startsWith('https:'),
  },
  stripe: config.STRIPE_SECRET_KEY
    ? createStripeGateway({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL })
    : null,
});
app.log.info({ database: database.kind, publicUrl: baseURL }, 'database ready');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Finish in-flight requests, then close the database so PGlite flushes its data folder.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
