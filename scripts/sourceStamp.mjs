// @ts-check
/**
 * The build's stamp: a hash of every source file the build reads (not the tests). `npm run build` writes it
 * beside the server bundle; `npm start` and the owner's commands (scripts/launch.mjs) compare it with the
 * sources to refuse a missing or stale build. Plain JavaScript, node built-ins only (see launch.mjs).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Folders the build bundles, and single files it reads (configuration, the lockfile, its own scripts). */
const SOURCE_FOLDERS = ['web', 'server', 'db', 'domain', 'locales'];
const SOURCE_FILES = [
  'package-lock.json',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'scripts/build.ts',
  'scripts/admin.ts',
  'scripts/backup.ts',
  'scripts/restore.ts',
  'scripts/setStripePrice.ts',
  'scripts/entryPreloads.ts',
  'scripts/precompress.ts',
  'scripts/pureReactRouter.ts',
];
/** Tests, and the message catalogues the build itself compiles from locales/*\/*.json. */
const NOT_SOURCES = /\.(test|spec)\.tsx?$|^locales\/[^/]+\/[^/]+\.ts$/;

/**
 * @param {string} root
 * @param {string} folder
 * @returns {string[]}
 */
function filesUnder(root, folder) {
  const entries = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !NOT_SOURCES.test(file));
}

/**
 * @param {string} root
 * @returns {string}
 */
export function sourceStamp(root) {
  const files = [...SOURCE_FOLDERS.flatMap((folder) => filesUnder(root, folder)), ...SOURCE_FILES].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Where the build writes the server bundle and its stamp. */
export const SERVER_BUILD = 'dist-server';
export const STAMP_FILE = `${SERVER_BUILD}/stamp`;
