import { withoutDiacritics } from './text';
/**
 * Romania's 41 counties (județe) and București, by the code on number plates and in ISO 3166-2:RO,
 * with the first two digits of their postal codes.
 *
 * Postal prefixes: Poșta Română's six-digit postal codes (in use since 1 May 2003), whose first two
 * digits name the county, and in București the sector (01 = Sector 1 … 06 = Sector 6). Table written
 * from Poșta Română's published code list (posta-romana.ro, "Coduri poștale"); a customer whose code
 * does not fit is asked to check it and may confirm it as typed, so a gap here never blocks an order.
 */
export const COUNTIES = [
  { code: 'AB', name: 'Alba', postalPrefixes: ['51'] },
  { code: 'AR', name: 'Arad', postalPrefixes: ['31'] },
  { code: 'AG', name: 'Argeș', postalPrefixes: ['11'] },
  { code: 'BC', name: 'Bacău', postalPrefixes: ['60'] },
  { code: 'BH', name: 'Bihor', postalPrefixes: ['41'] },
  { code: 'BN', name: 'Bistrița-Năsăud', postalPrefixes: ['42'] },
  { code: 'BT', name: 'Botoșani', postalPrefixes: ['71'] },
  { code: 'BV', name: 'Brașov', postalPrefixes: ['50'] },
  { code: 'BR', name: 'Brăila', postalPrefixes: ['81'] },
  { code: 'B', name: 'București', postalPrefixes: ['01', '02', '03', '04', '05', '06'] },
  { code: 'BZ', name: 'Buzău', postalPrefixes: ['12'] },
  { code: 'CS', name: 'Caraș-Severin', postalPrefixes: ['32'] },
  { code: 'CL', name: 'Călărași', postalPrefixes: ['91'] },
  { code: 'CJ', name: 'Cluj', postalPrefixes: ['40'] },
  { code: 'CT', name: 'Constanța', postalPrefixes: ['90'] },
  { code: 'CV', name: 'Covasna', postalPrefixes: ['52'] },
  { code: 'DB', name: 'Dâmbovița', postalPrefixes: ['13'] },
  { code: 'DJ', name: 'Dolj', postalPrefixes: ['20'] },
  { code: 'GL', name: 'Galați', postalPrefixes: ['80'] },
  { code: 'GR', name: 'Giurgiu', postalPrefixes: ['08'] },
  { code: 'GJ', name: 'Gorj', postalPrefixes: ['21'] },
  { code: 'HR', name: 'Harghita', postalPrefixes: ['53'] },
  { code: 'HD', name: 'Hunedoara', postalPrefixes: ['33'] },
  { code: 'IL', name: 'Ialomița', postalPrefixes: ['92'] },
  { code: 'IS', name: 'Iași', postalPrefixes: ['70'] },
  { code: 'IF', name: 'Ilfov', postalPrefixes: ['07'] },
  { code: 'MM', name: 'Maramureș', postalPrefixes: ['43'] },
  { code: 'MH', name: 'Mehedinți', postalPrefixes: ['22'] },
  { code: 'MS', name: 'Mureș', postalPrefixes: ['54'] },
  { code: 'NT', name: 'Neamț', postalPrefixes: ['61'] },
  { code: 'OT', name: 'Olt', postalPrefixes: ['23'] },
  { code: 'PH', name: 'Prahova', postalPrefixes: ['10'] },
  { code: 'SM', name: 'Satu Mare', postalPrefixes: ['44'] },
  { code: 'SJ', name: 'Sălaj', postalPrefixes: ['45'] },
  { code: 'SB', name: 'Sibiu', postalPrefixes: ['55'] },
  { code: 'SV', name: 'Suceava', postalPrefixes: ['72'] },
  { code: 'TR', name: 'Teleorman', postalPrefixes: ['14'] },
  { code: 'TM', name: 'Timiș', postalPrefixes: ['30'] },
  { code: 'TL', name: 'Tulcea', postalPrefixes: ['82'] },
  { code: 'VS', name: 'Vaslui', postalPrefixes: ['73'] },
  { code: 'VL', name: 'Vâlcea', postalPrefixes: ['24'] },
  { code: 'VN', name: 'Vrancea', postalPrefixes: ['62'] },
] as const;

export type CountyCode = (typeof COUNTIES)[number]['code'];

export const COUNTY_CODES = COUNTIES.map((county) => county.code) as [CountyCode, ...CountyCode[]];

const byCode = new Map<string, (typeof COUNTIES)[number]>(COUNTIES.map((county) => [county.code, county]));

/** "Cluj" for 'CJ'; null for no county (orders placed before counties were asked) or a code it does not know. */
export function countyName(code: string | null | undefined): string | null {
  return (code && byCode.get(code)?.name) || null;
}

/** Romanian postal codes are six digits. */
export const POSTAL_CODE_PATTERN = /^\d{6}$/;

/** Bucharest's six sectors, as the checkout offers them. */
export const BUCHAREST_SECTORS = ['1', '2', '3', '4', '5', '6'] as const;
export type BucharestSector = (typeof BUCHAREST_SECTORS)[number];

/**
 * Whether a six-digit postal code is one of the county's; true when either is unknown (nothing to
 * compare), so only a real mismatch asks the customer to check.
 */
export function postalCodeFitsCounty(postalCode: string, code: string | null | undefined): boolean {
  const county = code ? byCode.get(code) : undefined;
  if (!county || !POSTAL_CODE_PATTERN.test(postalCode)) return true;
  return county.postalPrefixes.some((prefix) => postalCode.startsWith(prefix));
}

/** Lower case, without diacritics (both cedilla and comma forms), hyphens and spaces as one space. */
const folded = (text: string) =>
  withoutDiacritics(text)
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();

const byFoldedName = new Map<string, CountyCode>(COUNTIES.map((county) => [folded(county.name), county.code]));

/**
 * The county a payment provider's "state" names, however it writes it: 'CJ', 'RO-CJ', 'Cluj',
 * 'Județul Cluj', 'judetul cluj', 'Bucuresti', 'Bucharest', 'Municipiul București', 'Sector 3'.
 * Null when it names none.
 */
export function countyFromText(text: string | null | undefined): CountyCode | null {
  const trimmed = (text ?? '').trim();
  const code = trimmed.toUpperCase().replace(/^RO-/, '');
  if (byCode.has(code)) return code as CountyCode;
  const name = folded(trimmed).replace(/^(judetul|jud\.?|municipiul|mun\.?)\s+/, '');
  if (name === 'bucharest' || /^sector(ul)? [1-6]$/.test(name)) return 'B';
  return byFoldedName.get(name) ?? null;
}

/** "400114 Cluj-Napoca, Cluj": an address's postal code, city and county (none for orders placed before counties were asked). */
export function placeLine(place: { postalCode: string; city: string; county: string | null }): string {
  const county = countyName(place.county);
  return `${place.postalCode} ${place.city}${county ? `, ${county}` : ''}`;
}

/** The Bucharest sector (1–6) an address names ("Sector 3", "sectorul 3", "sect. 3"), or null. */
export function bucharestSector(...texts: (string | null | undefined)[]): number | null {
  for (const text of texts) {
    const found = /\b(?:sectorul|sector|sect\.)\s*([1-6])\b/i.exec(text ?? '');
    if (found) return Number(found[1]);
  }
  return null;
}
