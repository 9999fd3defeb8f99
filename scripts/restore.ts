/**
 * `npm run restore -- <file>`: replaces the embedded database (DATA_DIR) with a backup made by
 * `npm run backup`. Stop the shop first. The current database is moved aside, never deleted.
 */
import path from 'node:path';
import { restoreEmbedded } from '../db/backup';
import { loadConfig } from '../server/env';

const config = loadConfig();
const file = process.argv[2];
if (config.DATABASE_URL) {
  console.error('This shop uses PostgreSQL (DATABASE_URL): restore it with pg_restore, e.g. pg_restore --clean --if-exists --dbname="$DATABASE_URL" shop.dump.');
  process.exit(1);
}
if (!file) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(1);
}
const pgliteDir = path.join(path.resolve(config.DATA_DIR), 'pglite');
try {
  const { orders, previous } = await restoreEmbedded(pgliteDir, path.resolve(file));
  console.log(`Restored ${pgliteDir} from ${path.resolve(file)}: ${orders} orders.`);
  if (previous) console.log(`The database it replaced is kept in ${previous}.`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
