/**
 * `npm run build` (also run by `npm install`, as `prepare`): compiles everything `npm start` runs, so that it
 * starts plain `node` on JavaScript with nothing to compile: the message catalogues, the web app (Vite), its
 * server renderer (Vite SSR), and the server, the mail worker and the owner's commands (esbuild, one bundle each,
 * with the packages they use), plus the empty cluster new data folders start from. Ends by writing the stamp of the
 * sources it built (scripts/sourceStamp.mjs).
 * Runs on plain Node (type stripping), so a fresh clone needs nothing but `npm install`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { BUILT_SEF_FILE, cachedSchematron, EFACTURA_FOLDER } from '../server/modules/invoices/validation.ts';
import { SERVER_BUILD, STAMP_FILE, sourceStamp } from './sourceStamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stamp = sourceStamp(root);

function run(bin: string, args: string[]) {
  const result = spawnSync(path.join(root, 'node_modules/.bin', bin), args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('lingui', ['compile', '--strict', '--typescript', '--workers', '1']);
run('vite', ['build']);
run('vite', ['build', '--ssr', 'entry-server.tsx']);

const outdir = path.join(root, SERVER_BUILD);
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'server/main.ts',
    worker: 'server/worker.ts',
    admin: 'scripts/admin.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
    'db-move': 'scripts/dbMove.ts',
    'stripe-price': 'scripts/setStripePrice.ts',
    'new-cluster': 'db/newCluster.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // The packages are bundled too (Node then resolves a handful of files, not thousands, and what the shop does not
  // use is left out), except those that load files beside themselves (WebAssembly, native addons, xmllint's
  // worker, pdfkit's font metrics), SaxonJS (2.4 MB, loaded only to check an invoice) and React, which the server renderer (dist-ssr) loads
  // from node_modules: one copy in memory for both.
  external: ['@electric-sql/pglite', 'sharp', 'pg-native', 'react', 'react-dom', 'xmllint-wasm', 'saxon-js', 'pdfkit'],
  // Bundled CommonJS packages call require() for Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  chunkNames: 'shared-[hash]',
  logLevel: 'warning',
});
// db/client.ts finds the migrations beside itself: in the build, beside the bundle. So does the invoices' validation
// its vendored schemas and rules, with the rules compiled once for SaxonJS (from the machine's cache when it has them).
cpSync(path.join(root, 'db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
cpSync(EFACTURA_FOLDER, path.join(outdir, 'efactura'), { recursive: true, filter: (file) => !file.includes(`${path.sep}examples`) });
// The invoices' PDF font, beside the bundle too (invoices/pdf.ts).
cpSync(path.join(root, 'server/modules/invoices/fonts'), path.join(outdir, 'fonts'), { recursive: true });
copyFileSync(path.join(root, 'server/modules/accounts/common-passwords.txt'), path.join(outdir, 'common-passwords.txt'));
copyFileSync(cachedSchematron(), path.join(outdir, 'efactura', path.relative(EFACTURA_FOLDER, BUILT_SEF_FILE)));
// The empty cluster a new data folder is loaded from, made once here rather than by initdb in the shop.
const cluster = spawnSync(process.execPath, ['--liftoff-only', path.join(outdir, 'new-cluster.js')], { cwd: root, stdio: 'inherit' });
if (cluster.status !== 0) process.exit(cluster.status ?? 1);
writeFileSync(path.join(root, STAMP_FILE), `${stamp}\n`);
