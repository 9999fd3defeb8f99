/**
 * `npm run backup [-- <file>]`: backs up the embedded database (DATA_DIR) into one file, by default
 * DATA_DIR/backups/shop-<time>.tar.gz. Stop the shop first. With DATABASE_URL, use pg_dump (docs/operations.md, "Backups").
 */
import path from 'node:path';
import { backUpEmbedded, backupFileName } from '../db/backup';
import { loadConfig } from '../server/env';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('This shop uses PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. pg_dump --format=custom --file=shop.dump "$DATABASE_URL".');
  process.exit(1);
}
const dataDir = path.resolve(config.DATA_DIR);
try {
  const { file, bytes } = await backUpEmbedded(path.join(dataDir, 'pglite'), path.resolve(process.argv[2] ?? backupFileName(dataDir)));
  console.log(`Backed up ${path.join(dataDir, 'pglite')} to ${file} (${Math.ceil(bytes / 1024)} KB).`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
