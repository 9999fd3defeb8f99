/**
 * The street line of an address as people and couriers read it: street, number, then its second line (block,
 * staircase, floor, apartment) when it has one: "Strada Lungă 10, bl. A3, sc. 2, et. 4, ap. 14".
 */
export function streetLine(address: { street: string; streetNumber: string; addressLine2?: string | null }): string {
  return [`${address.street} ${address.streetNumber}`.trim(), address.addressLine2?.trim()].filter(Boolean).join(', ');
}

/** A second address line's parts, as Romanians write them: "bl. A3, sc. 2, et. 4, ap. 14" (or "Bloc A3 Scara 2…"). */
export interface BlockParts {
  building: string;
  entrance: string;
  floor: string;
  apartment: string;
  /** What is left once the parts are taken out ('' when they say it all). */
  rest: string;
}

const PARTS: [keyof Omit<BlockParts, 'rest'>, RegExp][] = [
  ['building', /\bbl(?:oc(?:ul)?)?\.?\s*([\p{L}\d][\p{L}\d/-]*)/iu],
  ['entrance', /\bsc(?:ara|ară)?\.?\s*([\p{L}\d][\p{L}\d/-]*)/iu],
  ['floor', /\bet(?:aj(?:ul)?)?\.?\s*(parter|p|-?\d+)/iu],
  ['apartment', /\bap(?:artament(?:ul)?|t)?\.?\s*(\d+[\p{L}]?)/iu],
];

/** Takes a second address line apart into block, staircase, floor and apartment, for a courier that wants them apart (FAN). */
export function blockParts(line2: string): BlockParts {
  const parts: BlockParts = { building: '', entrance: '', floor: '', apartment: '', rest: '' };
  let rest = line2;
  for (const [part, pattern] of PARTS) {
    const match = pattern.exec(rest);
    if (!match) continue;
    parts[part] = match[1]!;
    rest = rest.replace(match[0], ' ');
  }
  parts.rest = rest.replace(/[\s,;.]+/g, ' ').trim();
  return parts;
}

/**
 * A street address as payment providers collect it (line 1: street and number; line 2: block,
 * staircase, apartment…) split into the order's street, street-number and second-line fields, the way Romanian
 * addresses are written: "Strada Lungă 10", "Str. Lungă nr. 10A", "Bd. Eroilor, nr 5-7".
 * Line 2 never becomes the street number: it is the order's second line ("Ap. 4").
 */
export function splitStreetAddress(line1: string, line2: string | null = null): { street: string; streetNumber: string; addressLine2: string | null } {
  const first = line1.trim().replace(/\s+/g, ' ');
  const rest = (line2 ?? '').trim().replace(/\s+/g, ' ');
  const match = /^(.*?\D)[\s,]*(?:nr\.?|numărul|numarul|no\.?)?\s*(\d+[A-Za-z]?(?:\s*[-/]\s*\d+[A-Za-z]?)?)$/i.exec(first);
  const street = match ? match[1]!.replace(/[\s,]+$/, '').replace(/[\s,]+(?:nr\.?|numărul|numarul|no\.?)$/i, '') : first;
  const number = match ? match[2]!.replace(/\s+/g, '') : '';
  return { street, streetNumber: number, addressLine2: rest || null };
}
