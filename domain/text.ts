import { z } from 'zod';

/**
 * Control characters (C0, DEL and C1: NUL, bell, escape, newline, tab…). No name, address, email or
 * phone number contains one, PostgreSQL cannot store NUL at all, and in logs and emails they can
 * forge lines or move the cursor. A field that legitimately takes several lines would allow \n
 * explicitly; none does today.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** "First name must not contain control characters." */
export function controlCharactersMessage(label: string): string {
  return `${label} must not contain control characters.`;
}

/**
 * Trimmed text without control characters (checked after trimming, so a pasted trailing newline is
 * forgiven); `missing` is the message when the value is absent or not text, `control` the one for a
 * control character (a catalogue key, where the text is translated).
 */
export const plainText = (label: string, missing?: string, control = controlCharactersMessage(label)) =>
  z
    .string(missing ? { error: missing } : undefined)
    .trim()
    .refine((text) => !hasControlCharacters(text), control);

/** Text as XML character data or an attribute's value: the five characters XML reads as markup, escaped. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The text without its diacritics (ă â î ș ț, comma and cedilla forms alike), for those that take plain letters. */
export function withoutDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}
