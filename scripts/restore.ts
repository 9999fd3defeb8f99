/**
 * `npm run restore -- <file>`: a backup into the shop's database, then checked against what the backup holds, as
 * db:move checks its copy (db/backup.ts restoreBackup). Stop the shop first. On the embedded database (DATA_DIR) the
 * current one is moved aside, never deleted; with DATABASE_URL the backup goes into an empty PostgreSQL database: a
 * pg_dump file (`.dump`, with its `.dump.json`), or an embedded database's `.tar.gz` as db:move would move it.
 */
import path from 'node:path';
import { restoreBackup } from '../db/backup';
import { describeContents } from '../db/contents';
import { loadConfig } from '../server/env';

const config = loadConfig();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(1);
}
const pgliteDir = path.join(path.resolve(config.DATA_DIR), 'pglite');
const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { pgliteDir };
try {
  const { contents, found, previous } = await restoreBackup(path.resolve(file), target);
  console.log(`Restored ${config.DATABASE_URL ? 'the PostgreSQL database' : pgliteDir} from ${path.resolve(file)}:`);
  console.log(describeContents(contents).join('\n'));
  if (previous) console.log(`The database it replaced is kept in ${previous}.`);
  if (found.length > 0) {
    console.error(`The restored database does not match the backup:\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Checked against the backup: every table’s rows, sums and contents, the next invoice number and every image match.');
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
