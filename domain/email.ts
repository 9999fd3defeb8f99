import { plainText } from './text';

// Apart from the checkout (domain/checkout), so the account pages that check an email address load
// none of the address rules (nor the phone library they bring).

/** Spec 5: a basic something@something.something pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address, as the checkout, the withdrawal form and the account requests take it (messages are catalogue keys). */
export const emailSchema = plainText('Email', 'error.email.required', 'error.email.controlCharacters').max(254, 'error.email.tooLong').regex(EMAIL_PATTERN, 'error.email.invalid');

/** What is wrong with a typed address that does not pass EMAIL_PATTERN, as the checkout says it once the field is left (issue 46). */
export type EmailProblem = 'noAt' | 'noName' | 'noDomain' | 'spaces' | 'invalid';

/** Null for an address that passes (or nothing typed yet); else what is wrong with it, the likeliest first. */
export function emailProblem(typed: string): EmailProblem | null {
  const text = typed.trim();
  if (text === '' || EMAIL_PATTERN.test(text)) return null;
  if (/\s/.test(text)) return 'spaces';
  const at = text.indexOf('@');
  if (at === -1) return 'noAt';
  if (at === 0) return 'noName';
  const domain = text.slice(at + 1);
  if (domain.includes('@')) return 'invalid';
  return 'noDomain';
}
