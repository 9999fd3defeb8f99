/**
 * The account a cash order's refund is paid into (issue 45: a customer who withdraws from an order paid in cash gives
 * it in the statement). A Romanian or another EU member state's IBAN, checked as ISO 13616 says: the country's length
 * (SWIFT's IBAN registry) and the check digits (ISO 7064 mod 97-10). A Romanian one has its bank's four letters too.
 */

/** Each EU member state's IBAN length (SWIFT's IBAN registry). */
export const EU_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 16,
  BG: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IT: 27,
  LT: 20,
  LU: 20,
  LV: 21,
  MT: 31,
  NL: 18,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
};

/** RO, the check digits, the bank's code (the first four letters of its BIC) and 16 letters or digits. */
const ROMANIAN = /^RO\d{2}[A-Z]{4}[A-Z0-9]{16}$/;

/**
 * Why a typed IBAN is refused: blank, a character no IBAN has, not an EU country's, not its country's length, a
 * Romanian one without its bank's four letters, or a typo the check digits catch.
 */
export type IbanProblem = 'blank' | 'characters' | 'country' | 'length' | 'bankCode' | 'checkDigits';

/** ISO 7064 mod 97-10 over an IBAN: its first four characters moved to the end, letters as 10–35; a valid one leaves 1. */
function mod97(iban: string): number {
  let remainder = 0;
  for (const character of iban.slice(4) + iban.slice(0, 4)) {
    const value = Number.parseInt(character, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/**
 * An IBAN as typed (spaces, dashes and small letters allowed, as banks print and people copy it), in its electronic
 * form ('RO49AAAA1B31007593840000'), or why it is refused.
 */
export function ibanOf(typed: string): { iban: string } | { problem: IbanProblem } {
  const iban = typed.replace(/[\s-]+/g, '').toUpperCase();
  if (iban === '') return { problem: 'blank' };
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { problem: 'characters' };
  const length = EU_IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return { problem: 'country' };
  if (iban.length !== length) return { problem: 'length' };
  if (iban.startsWith('RO') && !ROMANIAN.test(iban)) return { problem: 'bankCode' };
  return mod97(iban) === 1 ? { iban } : { problem: 'checkDigits' };
}

/** An IBAN as it is printed: in groups of four ('RO49 AAAA 1B31 0075 9384 0000'). */
export function ibanPrinted(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
