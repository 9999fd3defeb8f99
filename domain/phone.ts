// The smallest metadata libphonenumber-js ships (validity by number pattern, no number types):
// loaded only where an address is taken (the checkout's chunk and the server), never on the shop's pages.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** What people type: digits, a leading +, spaces, dots, dashes, slashes and brackets. */
const TYPED_PHONE = /^\+?[0-9 ()./-]+$/;

/**
 * A phone number as typed, in E.164 ('+40722123456'), or null when it is not a valid number.
 * Romanian numbers may be written nationally ('0722 123 456', '0722.123.456'), or internationally
 * ('+40 722 123 456', '0040 722-123-456'); another country's number needs its + or 00 prefix.
 */
export function phoneInE164(text: string): string | null {
  const typed = text.trim();
  if (!TYPED_PHONE.test(typed)) return null;
  const phone = parsePhoneNumberFromString(typed, 'RO');
  return phone?.isValid() ? phone.number : null;
}
