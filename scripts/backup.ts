/**
 * `npm run backup [-- <file or folder>]`: one backup now. The embedded database (DATA_DIR): stop the shop first; it goes
 * into one file, by default DATA_DIR/backups/shop-<time>.tar.gz. PostgreSQL (DATABASE_URL): while the shop runs,
 * pg_dump's file and what it holds (`.dump.json`) into BACKUP_DIR (DATA_DIR/backups), or the folder given. The shop also
 * backs itself up every day (BACKUP_HOUR; server/modules/backups/schedule.ts).
 */
import path from 'node:path';
import { backUpEmbedded, backUpRunning, backupFileName } from '../db/backup';
import { loadConfig } from '../server/env';

const config = loadConfig();
const dataDir = path.resolve(config.DATA_DIR);
try {
  if (config.DATABASE_URL) {
    const { file, bytes } = await backUpRunning({ kind: 'postgres', url: config.DATABASE_URL }, path.resolve(process.argv[2] ?? config.BACKUP_DIR ?? path.join(dataDir, 'backups')));
    console.log(`Backed up the PostgreSQL database to ${file} (${Math.ceil(bytes / 1024)} KB), with what it holds in ${file}.json.`);
  } else {
    const { file, bytes } = await backUpEmbedded(path.join(dataDir, 'pglite'), path.resolve(process.argv[2] ?? backupFileName(dataDir)));
    console.log(`Backed up ${path.join(dataDir, 'pglite')} to ${file} (${Math.ceil(bytes / 1024)} KB).`);
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
