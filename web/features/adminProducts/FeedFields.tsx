import { useId } from 'react';
import { inputClass } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { FormField } from './FormField';
import type { FeedFormValues } from './productForm';

/** The product in the catalogue feeds (Google, Meta, TikTok: domain/feeds.ts): left out of them, or shown there under a neutral title. */
export function FeedFields({ values, onChange }: { values: FeedFormValues; onChange(values: FeedFormValues): void }) {
  const { t } = useI18n();
  const hintId = useId();
  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="font-medium">{t('admin.product.form.feeds')}</legend>
      <p id={hintId} className="text-sm text-zinc-600">
        {t('admin.product.form.feedsHint')}
      </p>
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input type="checkbox" checked={values.exclude} onChange={(event) => onChange({ ...values, exclude: event.target.checked })} className="h-5 w-5 accent-brand" />
        {t('admin.product.form.excludeFromFeeds')}
      </label>
      <FormField label={t('admin.product.form.feedTitle')} hint={t('admin.product.form.feedTitleHint')}>
        {({ id, hintId: titleHintId }) => (
          <input id={id} aria-describedby={titleHintId} lang="ro" value={values.title} onChange={(event) => onChange({ ...values, title: event.target.value })} className={inputClass} />
        )}
      </FormField>
    </fieldset>
  );
}
