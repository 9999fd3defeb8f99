import { useId, useState } from 'react';
import type { TestimonialRequest } from '../../../domain/testimonials';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { type TestimonialFormValues, testimonialFromForm } from './testimonialForm';

interface TestimonialFormProps {
  /** Names the form (its heading's id). */
  labelledBy: string;
  initial: TestimonialFormValues;
  submitLabel: string;
  /** A new one asks whether to publish it now; an edited one is published or not from the list. */
  askPublished: boolean;
  /** Saves it; a rejection with an ApiError shows the server's message. */
  onSubmit(testimonial: TestimonialRequest): Promise<void>;
  onCancel?(): void;
}

/** A testimonial's fields, checked with the API's own rules before they are sent. */
export function TestimonialForm({ labelledBy, initial, submitLabel, askPublished, onSubmit, onCancel }: TestimonialFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof TestimonialFormValues>(key: K, value: TestimonialFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit() {
    const result = testimonialFromForm(t, values);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onSubmit(result.testimonial);
      setValues(initial);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : t('admin.somethingWrong'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={labelledBy}
      className="mt-3 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <div>
        <label htmlFor={`${id}-text`} className="block font-medium">
          {t('admin.testimonials.field.text')}
        </label>
        <p id={`${id}-text-hint`} className="text-sm text-zinc-600">
          {t('admin.testimonials.field.textHint')}
        </p>
        <textarea id={`${id}-text`} aria-describedby={`${id}-text-hint`} rows={3} value={values.text} onChange={(event) => set('text', event.target.value)} className={`${inputClass} py-2`} />
      </div>
      <div>
        <label htmlFor={`${id}-name`} className="block font-medium">
          {t('admin.testimonials.field.name')}
        </label>
        <p id={`${id}-name-hint`} className="text-sm text-zinc-600">
          {t('admin.testimonials.field.nameHint')}
        </p>
        <input id={`${id}-name`} aria-describedby={`${id}-name-hint`} autoComplete="off" value={values.name} onChange={(event) => set('name', event.target.value)} className={inputClass} />
      </div>
      <fieldset className="space-y-2">
        <legend className="font-medium">{t('admin.testimonials.field.source')}</legend>
        {(['order', 'instagram'] as const).map((source) => (
          <label key={source} className="flex min-h-11 items-center gap-3">
            <input type="radio" name={`${id}-source`} checked={values.source === source} onChange={() => set('source', source)} className="h-5 w-5 accent-brand" />
            {t(`admin.testimonials.source.${source}`)}
          </label>
        ))}
        {values.source === 'order' && (
          <div>
            <label htmlFor={`${id}-order`} className="block font-medium">
              {t('admin.testimonials.field.orderNumber')}
            </label>
            <input
              id={`${id}-order`}
              inputMode="numeric"
              autoComplete="off"
              value={values.orderNumber}
              onChange={(event) => set('orderNumber', event.target.value)}
              className={`${inputClass} max-w-48`}
            />
          </div>
        )}
      </fieldset>
      <div>
        <label htmlFor={`${id}-language`} className="block font-medium">
          {t('admin.testimonials.field.language')}
        </label>
        <select id={`${id}-language`} value={values.language} onChange={(event) => set('language', event.target.value === 'en' ? 'en' : 'ro')} className={`${inputClass} max-w-48`}>
          <option value="ro">{t('admin.testimonials.language.ro')}</option>
          <option value="en">{t('admin.testimonials.language.en')}</option>
        </select>
      </div>
      {askPublished && (
        <label className="flex min-h-11 items-center gap-3 font-medium">
          <input type="checkbox" checked={values.published} onChange={(event) => set('published', event.target.checked)} className="h-5 w-5 accent-brand" />
          {t('admin.testimonials.field.publishNow')}
        </label>
      )}
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButton}>
            {t('admin.testimonials.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
