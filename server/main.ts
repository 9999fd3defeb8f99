import path from 'node:path';
import { openPglite, openPostgres } from '../db/client';
import { seedCatalog } from '../db/seed';
import { buildApp } from './app';
import { loadConfig } from './env';

const config = loadConfig();
const database = config.DATABASE_URL
  ? await openPostgres({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE })
  : await openPglite(path.resolve(config.DATA_DIR, 'pglite'));
await seedCatalog(database.db);

const app = await buildApp({ db: database.db, config });
app.log.info({ database: database.kind }, 'database ready');

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
