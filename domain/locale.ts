/**
 * The shop's two languages (decision 0020). The words live in the message catalogues (locales/); this
 * module only says which language a visitor gets: the one they chose with the header's switch (a
 * cookie), or else their browser's: Romanian for `ro`, English otherwise.
 */
export const LOCALES = ['en', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie the language switch sets: a preference the visitor asked for, so an essential cookie. */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ro: 'Română' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Romanian for a language tag whose language is `ro` (ro, ro-RO, ro-MD), English for any other. */
export function localeOfLanguageTag(tag: string | undefined | null): Locale {
  return tag?.trim().toLowerCase().split(/[-_]/)[0] === 'ro' ? 'ro' : 'en';
}

/** The language a browser puts first in its Accept-Language header (the highest q; the first of equals). */
export function firstAcceptedLanguage(header: string | undefined | null): string | null {
  let best: { tag: string; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!tag || tag === '*') continue;
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best?.tag ?? null;
}

/** The visitor's language: their own choice when they made one, else their browser's first language. */
export function chooseLocale(choice: string | undefined | null, browserLanguage: string | undefined | null): Locale {
  return isLocale(choice) ? choice : localeOfLanguageTag(browserLanguage);
}

/** A time as the shop tells it, Bucharest's, in `locale`: "24 November 2026 at 14:05", "24 noiembrie 2026 la 14:05". */
export function shopTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ro' ? 'ro-RO' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));
}

/** The hour and minute of an instant on Bucharest's clock, in `locale`: "15:02". */
export function shopClock(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ro' ? 'ro-RO' : 'en-GB', { timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));
}

/** The Bucharest day (YYYY-MM-DD) an instant falls on: the shop's days, whatever the reader's clock says. */
/** The shop's time zone: its days, months and times are Bucharest's. */
export const SHOP_TIME_ZONE = 'Europe/Bucharest';

export const bucharestDay = (at: Date | string) => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date(at));

/** A day (YYYY-MM-DD) as the shop tells it, in `locale`: "7 December 2026", "7 decembrie 2026". */
export function shopDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ro' ? 'ro-RO' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The value of cookie `name` in a Cookie header (or document.cookie), if any. */
export function cookieValue(cookies: string | undefined | null, name: string): string | null {
  for (const pair of (cookies ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return decodeURIComponent(pair.slice(at + 1).trim());
  }
  return null;
}
