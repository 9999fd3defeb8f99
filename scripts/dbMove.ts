/**
 * `DATA_DIR=<folder> DATABASE_URL=<postgres url> npm run db:move`: moves the embedded database in DATA_DIR, whole, into
 * the empty PostgreSQL database at DATABASE_URL, checks the copy against the original, prints what it moved and marks the
 * folder as moved (db/move.ts). Stop the shop first: it holds the folder. docs/moving-to-postgresql.md tells the whole way.
 */
import path from 'node:path';
import { migrationsFolder, openPglite } from '../db/client';
import { describeContents } from '../db/contents';
import { DataFolderInUseError, DataFolderMovedError } from '../db/dataFolderLock';
import { CopyMismatchError, markMoved, moveToPostgres, TargetNotEmptyError } from '../db/move';
import { loadConfig } from '../server/env';

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('Usage: DATA_DIR=<data folder> DATABASE_URL=postgres://user:password@host:5432/shop npm run db:move');
  process.exit(2);
}
const dataDir = path.resolve(config.DATA_DIR);
const pgliteDir = path.join(dataDir, 'pglite');

try {
  const source = await openPglite(pgliteDir);
  try {
    const { contents, tables } = await moveToPostgres(source.db, config.DATABASE_URL, migrationsFolder);
    await markMoved(pgliteDir, config.DATABASE_URL);
    console.log(`Moved ${tables} tables from ${pgliteDir} to PostgreSQL, and checked them against the original:`);
    console.log(describeContents(contents).join('\n'));
    console.log(
      [
        `${pgliteDir} is marked as moved: npm start refuses it from now on; start the shop with DATABASE_URL.`,
        config.AUTH_SECRET
          ? 'Keep AUTH_SECRET as it is: it signs the sessions and links and seals the ANAF tokens the copy holds.'
          : `Set AUTH_SECRET to the contents of ${path.join(dataDir, 'auth-secret')} on every process: it signs the sessions and links and seals the ANAF tokens the copy holds.`,
      ].join('\n'),
    );
  } finally {
    await source.close();
  }
} catch (error) {
  const known = error instanceof TargetNotEmptyError || error instanceof CopyMismatchError || error instanceof DataFolderInUseError || error instanceof DataFolderMovedError;
  console.error(`Nothing was moved. ${known ? (error as Error).message : `The move failed: ${error instanceof Error ? error.message : String(error)}`}`);
  process.exit(1);
}
