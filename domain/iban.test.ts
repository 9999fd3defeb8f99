import { describe, expect, it } from 'vitest';
import { EU_IBAN_LENGTHS, ibanOf, ibanPrinted } from './iban';

/** Each EU member state's example IBAN, verbatim from SWIFT's IBAN registry (each country's "IBAN electronic format example"). */
const REGISTRY_EXAMPLES = [
  'AT611904300234573201',
  'BE68539007547034',
  'BG80BNBG96611020345678',
  'CY17002001280000001200527600',
  'CZ6508000000192000145399',
  'DE89370400440532013000',
  'DK5000400440116243',
  'EE382200221020145685',
  'ES9121000418450200051332',
  'FI2112345600000785',
  'FR1420041010050500013M02606',
  'GR1601101250000000012300695',
  'HR1210010051863000160',
  'HU42117730161111101800000000',
  'IE29AIBK93115212345678',
  'IT60X0542811101000000123456',
  'LT121000011101001000',
  'LU280019400644750000',
  'LV80BANK0000435195001',
  'MT84MALT011000012345MTLCAST001S',
  'NL91ABNA0417164300',
  'PL61109010140000071219812874',
  'PT50000201231234567890154',
  'RO49AAAA1B31007593840000',
  'SE4550000000058398257466',
  'SI56263300012039086',
  'SK3112000000198742637541',
];

describe('ibanOf', () => {
  it("takes every EU member state's registry example, and knows the 27 states", () => {
    expect(Object.keys(EU_IBAN_LENGTHS)).toHaveLength(27);
    expect(REGISTRY_EXAMPLES.map((iban) => iban.slice(0, 2)).sort()).toEqual(Object.keys(EU_IBAN_LENGTHS).sort());
    for (const iban of REGISTRY_EXAMPLES) expect(ibanOf(iban), iban).toEqual({ iban });
  });

  it('takes an IBAN as banks print it and people copy it: spaces, dashes, small letters', () => {
    expect(ibanOf(' ro49 aaaa 1b31 0075 9384 0000 ')).toEqual({ iban: 'RO49AAAA1B31007593840000' });
    expect(ibanOf('RO49-AAAA-1B31-0075-9384-0000')).toEqual({ iban: 'RO49AAAA1B31007593840000' });
    expect(ibanOf('RO49\u00a0AAAA\u00a01B31\u00a00075\u00a09384\u00a00000')).toEqual({ iban: 'RO49AAAA1B31007593840000' });
  });

  it('refuses a typo: one digit changed, two swapped', () => {
    expect(ibanOf('RO49AAAA1B31007593840001')).toEqual({ problem: 'checkDigits' });
    expect(ibanOf('RO49AAAA1B31007593480000')).toEqual({ problem: 'checkDigits' });
    expect(ibanOf('RO94AAAA1B31007593840000')).toEqual({ problem: 'checkDigits' });
    expect(ibanOf('DE89370400440532013001')).toEqual({ problem: 'checkDigits' });
  });

  it("refuses another length than its country's, and a Romanian one without its bank's letters", () => {
    expect(ibanOf('RO49AAAA1B3100759384000')).toEqual({ problem: 'length' });
    expect(ibanOf('DE8937040044053201300')).toEqual({ problem: 'length' });
    // The right length and check digits (mod 97 gives 1), but digits where RO's bank code is four letters.
    expect(ibanOf('RO091111AB31007593840000')).toEqual({ problem: 'bankCode' });
  });

  it("refuses a country outside the EU (the United Kingdom's registry example, valid there), and what is no IBAN at all", () => {
    expect(ibanOf('GB82WEST12345698765432')).toEqual({ problem: 'country' });
    expect(ibanOf('')).toEqual({ problem: 'blank' });
    expect(ibanOf('   ')).toEqual({ problem: 'blank' });
    expect(ibanOf('RO49AAAA1B3100759384000Ö')).toEqual({ problem: 'characters' });
    expect(ibanOf('49ROAAAA1B31007593840000')).toEqual({ problem: 'characters' });
    expect(ibanOf('1234567890')).toEqual({ problem: 'characters' });
  });
});

describe('ibanPrinted', () => {
  it('prints it in groups of four, the last one shorter', () => {
    expect(ibanPrinted('RO49AAAA1B31007593840000')).toBe('RO49 AAAA 1B31 0075 9384 0000');
    expect(ibanPrinted('MT84MALT011000012345MTLCAST001S')).toBe('MT84 MALT 0110 0001 2345 MTLC AST0 01S');
  });
});
