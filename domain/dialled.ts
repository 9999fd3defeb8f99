// Apart from domain/phone.ts, which holds libphonenumber (about 28 KB): the storefront's pages show a number with this
// alone (Reassurance, the order's summary), and the product page must not load the rest.

/**
 * A stored phone number as it is dialled from Romania, the way couriers' bulk uploads take it: '0722123456'
 * for a Romanian number, '004930901820' for another country's. Digits only, so no spreadsheet reads it as a
 * formula. A number stored before numbers were kept in E.164 stays as it is.
 */
export function phoneDialledFromRomania(stored: string): string {
  if (stored.startsWith('+40')) return `0${stored.slice(3)}`;
  if (stored.startsWith('+')) return `00${stored.slice(1)}`;
  return stored;
}
