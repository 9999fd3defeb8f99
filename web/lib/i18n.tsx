import type { Messages } from '@lingui/core';
import { createContext, type ReactNode, use, useMemo } from 'react';
import { valuesIn } from '../../domain/issueValues';
import { chooseLocale, cookieValue, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Locale } from '../../domain/locale';
import { type Bani, formatMoney, formatMoneyShort } from '../../domain/money';
import type { AdminMessageId, ShopMessageId } from '../../locales/messages';
import { formatMessage } from './messageFormat';

export type MessageValues = Record<string, unknown>;

/** `t` of useI18n, for a helper that words something for a component. */
export type Translate = (id: ShopMessageId | AdminMessageId, values?: MessageValues) => string;

/** A page's words in its language (Lingui's compiled catalogues, read by formatMessage). */
export interface I18n {
  readonly locale: Locale;
  /** The text of message `id` with `values` (a field's name or an amount among them said in this language too; the key itself when the catalogue lacks it). */
  _(id: string, values?: MessageValues): string;
  /** Adds a catalogue (the back office's, when it loads). */
  load(messages: Messages): void;
}

export function createI18n(locale: Locale, messages: Messages): I18n {
  const words: Messages = { ...messages };
  const say = (id: string, values?: MessageValues): string => {
    const message = words[id];
    return message === undefined ? id : formatMessage(message, locale, valuesIn(locale, values, say));
  };
  return {
    locale,
    _: say,
    load: (more) => Object.assign(words, more),
  };
}

/** A page the server did not render: the language the visitor chose, or else the browser's. */
export function browserLocale(): Locale {
  return chooseLocale(cookieValue(document.cookie, LANGUAGE_COOKIE), navigator.language);
}

/** The storefront catalogue of `locale`, as its own small chunk. */
export async function loadShopMessages(locale: Locale): Promise<Messages> {
  const module = locale === 'ro' ? await import('../../locales/shop/ro') : await import('../../locales/shop/en');
  return module.messages;
}

const I18nContext = createContext<I18n | null>(null);

/**
 * The page's translations for every component under it. (Lingui's own React binding re-renders on a
 * change of language and parses rich text; the switch reloads the page and our texts are plain, so a
 * context is all the storefront's first load carries.)
 */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/** The page's translations themselves (the back office adds its catalogue to them, web/lib/adminMessages.ts). */
export function useTranslations(): I18n {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nProvider above it');
  return i18n;
}

/**
 * The language switch: remembered in a cookie the server reads too, then the page again in that language.
 * Through the Cookie Store where there is one (secure pages, most browsers): it answers once the cookie is
 * stored. A document.cookie write reaches Chromium's cookie store on its own, and on a busy machine the
 * reload's request went without it (the page came back in the old language).
 */
export function switchLanguage(locale: Locale) {
  const stored =
    typeof cookieStore === 'undefined'
      ? Promise.reject(new Error('no Cookie Store'))
      : cookieStore.set({ name: LANGUAGE_COOKIE, value: locale, path: '/', expires: Date.now() + LANGUAGE_COOKIE_MAX_AGE_SECONDS * 1000, sameSite: 'lax' });
  void stored
    .catch(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: one preference cookie, read by the server as well; the Cookie Store API is not in every browser
      document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
    })
    .then(() => location.reload());
}

/**
 * The page's language and its words: `t('shop.title')`, `t('cart.items', { count })`, and amounts
 * written the language's way (`money(3999)`: "39,99 lei" / "39.99 RON").
 */
export function useI18n() {
  const i18n = useTranslations();
  const locale = i18n.locale;
  return useMemo(() => {
    const t: Translate = (id, values) => i18n._(id, values);
    return {
      locale,
      t,
      money: (amount: Bani) => formatMoney(amount, locale),
      moneyShort: (amount: Bani) => formatMoneyShort(amount, locale),
    };
  }, [i18n, locale]);
}
