import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedOnce } from '../../remembered';

/**
 * The passwords people choose most, refused at sign-up, at a reset and for a new owner (issue 34): the 10,000 first of
 * zxcvbn-ts's common list (`@zxcvbn-ts/language-common`, ordered by how often each is found in leaked passwords),
 * lowercased, shipped with the project (common-passwords.txt; `npm run common-passwords` writes it again from the
 * package, and a test checks the two agree). The build copies the file beside the server bundle; it is read the first
 * time a password is checked, not at start.
 */
export const COMMON_PASSWORDS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');

const list = sharedOnce(async () => new Set((await readFile(COMMON_PASSWORDS_FILE, 'utf8')).split('\n').filter(Boolean)));

/** Whether a password is one of the most common, whatever its case ("Password123" is as weak as "password123"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await list.get()).has(password.toLowerCase());
}
