import { useI18n } from '../lib/i18n';

/** What a page shows in its place while its code or its text is on the way, in the visitor's language. */
export function Loading() {
  const { t } = useI18n();
  return <p className="px-4 py-8 text-zinc-600">{t('layout.loading')}</p>;
}
