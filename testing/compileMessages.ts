import { execFileSync } from 'node:child_process';

/** Vitest's global set-up: the message catalogues compiled (locales/<area>/<language>.ts), as `npm run messages` does. */
export default function compileMessages() {
  execFileSync('npx', ['lingui', 'compile', '--strict', '--typescript', '--workers', '1'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
