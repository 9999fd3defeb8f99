/**
 * `npm run common-passwords`: writes server/modules/accounts/common-passwords.txt, the passwords sign-up and reset
 * refuse (issue 34), from zxcvbn-ts's maintained list (@zxcvbn-ts/language-common, a dev dependency): its first
 * 10,000, lowercased, once each, most common first. Run it after updating the package; a test checks they agree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const COMMON_PASSWORDS = 10_000;
export const SHIPPED_LIST = path.join(root, 'server/modules/accounts/common-passwords.txt');

/** The list as shipped: the package's passwords in its order (most common first), lowercased, the first `count` distinct. */
export function commonPasswordsFile(count = COMMON_PASSWORDS): string {
  const listed = JSON.parse(readFileSync(path.join(root, 'node_modules/@zxcvbn-ts/language-common/src/passwords.json'), 'utf8')) as string[];
  const top = new Set<string>();
  for (const password of listed) {
    top.add(password.toLowerCase());
    if (top.size === count) break;
  }
  return `${[...top].join('\n')}\n`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(SHIPPED_LIST, commonPasswordsFile());
  console.log(`Wrote the ${COMMON_PASSWORDS} most common passwords to ${path.relative(root, SHIPPED_LIST)}.`);
}
