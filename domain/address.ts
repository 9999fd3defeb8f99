/**
 * A street address as payment providers collect it (line 1: street and number; line 2: block,
 * staircase, apartment…) split into the order's street and street-number fields, the way Romanian
 * addresses are written: "Strada Lungă 10", "Str. Lungă nr. 10A", "Bd. Eroilor, nr 5-7".
 * Line 2 never becomes the street number: it is kept after the number ("10, Ap. 4").
 */
export function splitStreetAddress(line1: string, line2: string | null = null): { street: string; streetNumber: string } {
  const first = line1.trim().replace(/\s+/g, ' ');
  const rest = (line2 ?? '').trim().replace(/\s+/g, ' ');
  const match = /^(.*?\D)[\s,]*(?:nr\.?|numărul|numarul|no\.?)?\s*(\d+[A-Za-z]?(?:\s*[-/]\s*\d+[A-Za-z]?)?)$/i.exec(first);
  const street = match ? match[1]!.replace(/[\s,]+$/, '').replace(/[\s,]+(?:nr\.?|numărul|numarul|no\.?)$/i, '') : first;
  const number = match ? match[2]!.replace(/\s+/g, '') : '';
  return { street, streetNumber: [number, rest].filter(Boolean).join(', ') };
}
