import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../server/modules/accounts/commonPasswords';
import { COMMON_PASSWORDS, commonPasswordsFile, SHIPPED_LIST } from './commonPasswords';

describe('the common passwords shipped', () => {
  it('are the first 10,000 of zxcvbn-ts’s list as installed (npm run common-passwords writes them again)', () => {
    const shipped = readFileSync(SHIPPED_LIST, 'utf8');
    expect(shipped).toBe(commonPasswordsFile());
    expect(shipped.trim().split('\n')).toHaveLength(COMMON_PASSWORDS);
  });

  it('refuse the common ones whatever their case, and not a password of the shop’s own', async () => {
    for (const common of ['password123', 'Password123', 'qwerty', '123456789', 'iloveyou']) expect(await isCommonPassword(common)).toBe(true);
    for (const own of ['secret-stash-42', 'Brasov lighter 2026', 'correct horse battery']) expect(await isCommonPassword(own)).toBe(false);
  });
});
