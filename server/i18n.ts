import type { IncomingHttpHeaders } from 'node:http';
import { setupI18n } from '@lingui/core';
import { valuesIn } from '../domain/issueValues';
import { cookieValue, firstAcceptedLanguage, isLocale, LANGUAGE_COOKIE, LOCALES, type Locale, localeOfLanguageTag } from '../domain/locale';
import { ADMIN_MESSAGES, MAIL_MESSAGES, SHOP_MESSAGES } from '../locales/catalogues';
import type { Message } from '../locales/messages';
import { rememberedByHeader } from './remembered';

/** A text the server gives people, by its catalogue key: translated into the language of whoever gets it. */
export type { Message };

const translations = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: { ...SHOP_MESSAGES[locale], ...ADMIN_MESSAGES[locale], ...MAIL_MESSAGES[locale] } } })]),
) as Record<Locale, ReturnType<typeof setupI18n>>;

/**
 * `text` in `locale` when it is a catalogue key; any other text (a library's own, already worded) as it
 * is. A value that is a field's name or an amount (domain/issueValues) is said in `locale` too.
 */
export function translate(locale: Locale, text: string, values?: Record<string, unknown>): string {
  const i18n = translations[locale];
  return Object.hasOwn(i18n.messages, text)
    ? i18n._(
        text,
        valuesIn(locale, values, (id) => translate(locale, id)),
      )
    : text;
}

/** The language of a request: the visitor's choice (the switch's cookie), else their browser's first language. */
export function requestLocale(request: { headers: IncomingHttpHeaders }): Locale {
  const { cookie } = request.headers;
  const choice = cookie?.includes(LANGUAGE_COOKIE) ? cookieValue(cookie, LANGUAGE_COOKIE) : null;
  return isLocale(choice) ? choice : browserLocale(request.headers['accept-language']);
}

/** The language of a browser that made no choice: its Accept-Language header's first language's. */
const browserLocale = rememberedByHeader((acceptLanguage) => localeOfLanguageTag(firstAcceptedLanguage(acceptLanguage)));

/** What a response in the visitor's language depends on, for caches. */
export const LANGUAGE_VARY = 'Accept-Language, Cookie';
