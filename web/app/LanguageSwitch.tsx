import { LANGUAGE_NAMES, type Locale } from '../../domain/locale';
import { switchLanguage, useI18n } from '../lib/i18n';

const OTHER: Record<Locale, Locale> = { en: 'ro', ro: 'en' };

/**
 * The header's language switch: names the other language in that language ("Română" on the English
 * site), remembers the choice and shows the page again in it. A phone shows the short code only.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const { t, locale } = useI18n();
  const other = OTHER[locale];
  return (
    <button type="button" lang={other} className={className} title={t('language.switchTo', { language: LANGUAGE_NAMES[other] })} onClick={() => switchLanguage(other)}>
      <span aria-hidden="true" className="uppercase sm:hidden">
        {other}
      </span>
      <span className="sr-only sm:not-sr-only">{LANGUAGE_NAMES[other]}</span>
    </button>
  );
}
