import { useI18n } from '../../lib/i18n';

/** Shown when the live catalogue could not be loaded and the built-in range is shown instead. */
export function CatalogueFallbackNotice() {
  const { t } = useI18n();
  return (
    <p role="status" className="mt-4 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      {t('shop.fallbackNotice')}
    </p>
  );
}
