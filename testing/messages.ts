import { setupI18n } from '@lingui/core';
import type { Locale } from '../domain/locale';
import { SHOP_MESSAGES } from '../locales/catalogues';
import type { Message } from '../locales/messages';

const catalogues = {
  en: setupI18n({ locale: 'en', messages: { en: SHOP_MESSAGES.en } }),
  ro: setupI18n({ locale: 'ro', messages: { ro: SHOP_MESSAGES.ro } }),
};

/** A storefront message (a key, or a key with its values) as a visitor reads it in `locale`: for tests of rules that choose a message. */
export function wordsOf(message: string | Message | null, locale: Locale = 'en'): string | null {
  if (message === null) return null;
  return typeof message === 'string' ? catalogues[locale]._(message) : catalogues[locale]._(message.id, message.values);
}
