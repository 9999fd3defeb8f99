import type { FastifyRequest } from 'fastify';
import { chooseLocale, cookieValue, firstAcceptedLanguage, LANGUAGE_COOKIE, type Locale } from '../domain/locale';

/** The language of a request: the visitor's choice (the switch's cookie), else their browser's first language. */
export function requestLocale(request: FastifyRequest): Locale {
  return chooseLocale(cookieValue(request.headers.cookie, LANGUAGE_COOKIE), firstAcceptedLanguage(request.headers['accept-language']));
}

/** What a response in the visitor's language depends on, for caches. */
export const LANGUAGE_VARY = 'Accept-Language, Cookie';
