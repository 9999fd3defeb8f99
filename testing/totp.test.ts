import { describe, expect, it } from 'vitest';
import { RFC6238_SECRET_BASE32, totpCode } from './totp';

describe('totpCode (the tests’ authenticator app)', () => {
  it('gives RFC 6238’s own SHA-1 answers (appendix B, the last six digits)', () => {
    const uri = `otpauth://totp/Shop:ana@example.ro?secret=${RFC6238_SECRET_BASE32}&issuer=Shop`;
    // Appendix B: T = 59 → 94287082, 1111111109 → 07081804, 1234567890 → 89005924, 2000000000 → 69279037.
    expect(totpCode(uri, 59_000)).toBe('287082');
    expect(totpCode(uri, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(uri, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(uri, 2_000_000_000_000)).toBe('279037');
  });
});
