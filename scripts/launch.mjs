// @ts-check
/**
 * `npm start`, `npm run worker`, `admin`, `backup`, `restore` and `stripe:price`: runs one of the build's bundles
 * (`node scripts/launch.mjs <main|worker|admin|backup|restore|stripe-price> [arguments]`) with plain Node: no compiler,
 * no build. Refuses at once, saying what to run, when there is no build or it is older than the sources.
 * JavaScript, not TypeScript: Node's type stripping would load its compiler (amaro) into the serving process, about
 * 17 MB that stay resident (checked by tsc all the same, with JSDoc types).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUILD, STAMP_FILE, sourceStamp } from './sourceStamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const [node, , name = 'main', ...args] = process.argv;
const bundle = path.join(root, SERVER_BUILD, `${name}.js`);
const stampFile = path.join(root, STAMP_FILE);

if (!existsSync(stampFile) || !existsSync(bundle)) {
  console.error(`There is no build of the shop in ${SERVER_BUILD}/: run \`npm run build\` (npm install runs it too), then this again.`);
  process.exit(1);
}
if (readFileSync(stampFile, 'utf8').trim() !== sourceStamp(root)) {
  console.error('The build is older than the sources: run `npm run build`, then this again.');
  process.exit(1);
}
// The bundle reads its arguments as if it had been started itself.
process.argv = [/** @type {string} */ (node), bundle, ...args];
await import(pathToFileURL(bundle).href);
