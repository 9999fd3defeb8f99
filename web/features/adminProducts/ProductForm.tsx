import { useId, useState } from 'react';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { FeedFields } from './FeedFields';
import { FormField } from './FormField';
import { type ColourFormValues, type FormProblem, type ProductFormValues, type ProductFromForm, problemOf, productFromForm } from './productForm';
import { SafetyFields } from './SafetyFields';

/** The packed size's three sides, each with its label. */
const SIDES = [
  ['length', 'admin.product.form.packedLength'],
  ['width', 'admin.product.form.packedWidth'],
  ['height', 'admin.product.form.packedHeight'],
] as const;

interface ProductFormProps {
  initial: ProductFormValues;
  submitLabel: string;
  /** Saves the product; a rejection with an ApiError shows the server's message. */
  onSubmit(product: ProductFromForm): Promise<void>;
}

/** Every field of a product, checked here with the server's own rules before it is sent. */
export function ProductForm({ initial, submitLabel, onSubmit }: ProductFormProps) {
  const { t } = useI18n();
  const [values, setValues] = useState(initial);
  const sizeHintId = useId();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setSaved(false);
  };
  const setColour = (index: number, colour: ColourFormValues) =>
    set(
      'colourOptions',
      values.colourOptions.map((current, at) => (at === index ? colour : current)),
    );

  const slugProblem = problem?.field === 'slug' ? problem.problem : null;

  async function submit() {
    const result = productFromForm(t, values);
    if ('problem' in result) {
      setProblem(result);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await onSubmit(result.product);
      setSaved(true);
    } catch (error) {
      setProblem(problemOf(t, error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      className="mt-6 space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void submit();
      }}
    >
      <FormField label={t('admin.product.form.name')}>{({ id }) => <input id={id} value={values.name} onChange={(event) => set('name', event.target.value)} className={inputClass} />}</FormField>
      {values.slug !== undefined && (
        <FormField label={t('admin.product.form.address')} hint={t('admin.product.form.addressHint')}>
          {({ id, hintId }) => (
            <>
              <div className="mt-1 flex items-center gap-2">
                <span className="text-zinc-600">/shop/</span>
                <input
                  id={id}
                  aria-describedby={slugProblem ? `${hintId} ${id}-problem` : hintId}
                  aria-invalid={slugProblem ? true : undefined}
                  autoComplete="off"
                  spellCheck={false}
                  value={values.slug}
                  onChange={(event) => set('slug', event.target.value)}
                  className={`${inputClass} mt-0 min-w-0 flex-1`}
                />
              </div>
              {slugProblem && (
                <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-700">
                  {slugProblem}
                </p>
              )}
            </>
          )}
        </FormField>
      )}
      <FormField label={t('admin.product.form.description')}>
        {({ id }) => <textarea id={id} rows={4} value={values.description} onChange={(event) => set('description', event.target.value)} className={`${inputClass} py-2`} />}
      </FormField>
      <FormField label={t('admin.product.form.keyFeatures')} hint={t('admin.product.form.keyFeaturesHint')}>
        {({ id, hintId }) => (
          <textarea id={id} aria-describedby={hintId} rows={4} value={values.keyFeatures} onChange={(event) => set('keyFeatures', event.target.value)} className={`${inputClass} py-2`} />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('admin.product.form.price')} hint={t('admin.product.form.priceHint')}>
          {({ id, hintId }) => <input id={id} aria-describedby={hintId} inputMode="decimal" value={values.price} onChange={(event) => set('price', event.target.value)} className={inputClass} />}
        </FormField>
        <FormField label={t('admin.product.form.stock')} hint={t('admin.product.form.stockHint')}>
          {({ id, hintId }) => <input id={id} aria-describedby={hintId} inputMode="numeric" value={values.stock} onChange={(event) => set('stock', event.target.value)} className={inputClass} />}
        </FormField>
        <FormField label={t('admin.product.form.weight')} hint={t('admin.product.form.weightHint')}>
          {({ id, hintId }) => (
            <input id={id} aria-describedby={hintId} inputMode="numeric" value={values.weightGrams} onChange={(event) => set('weightGrams', event.target.value)} className={inputClass} />
          )}
        </FormField>
        <FormField label={t('admin.product.form.stripePriceId')} hint={t('admin.product.form.stripePriceIdHint')}>
          {({ id, hintId }) => (
            <input
              id={id}
              aria-describedby={hintId}
              autoComplete="off"
              spellCheck={false}
              value={values.stripePriceId}
              onChange={(event) => set('stripePriceId', event.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
      </div>
      <fieldset className="space-y-3" aria-describedby={sizeHintId}>
        <legend className="font-medium">{t('admin.product.form.packedSize')}</legend>
        <p id={sizeHintId} className="text-sm text-zinc-600">
          {t('admin.product.form.packedSizeHint')}
        </p>
        <div className="grid gap-5 sm:grid-cols-3">
          {SIDES.map(([side, label]) => (
            <FormField key={side} label={t(label)}>
              {({ id }) => (
                <input
                  id={id}
                  inputMode="numeric"
                  value={values.packedSizeCm[side]}
                  onChange={(event) => set('packedSizeCm', { ...values.packedSizeCm, [side]: event.target.value })}
                  className={inputClass}
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input type="checkbox" checked={values.active} onChange={(event) => set('active', event.target.checked)} className="h-5 w-5 accent-brand" />
        {t('admin.product.form.shown')}
      </label>

      <fieldset className="space-y-3">
        <legend className="font-medium">{t('admin.product.form.colours')}</legend>
        <p className="text-sm text-zinc-600">{t('admin.product.form.coloursHelp')}</p>
        {values.colourOptions.map((colour, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a name being typed is no stable key
          <div key={index} className="flex flex-wrap items-center gap-3">
            <input
              aria-label={t('admin.product.form.colourName', { n: index + 1 })}
              value={colour.name}
              onChange={(event) => setColour(index, { ...colour, name: event.target.value })}
              className={`${inputClass} mt-0 w-40 flex-1`}
            />
            <input
              aria-label={t('admin.product.form.colourNameRo', { n: index + 1 })}
              lang="ro"
              placeholder={t('admin.product.form.romanian')}
              value={colour.nameRo}
              onChange={(event) => setColour(index, { ...colour, nameRo: event.target.value })}
              className={`${inputClass} mt-0 w-40 flex-1`}
            />
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                aria-label={t('admin.product.form.colourAvailable', { n: index + 1 })}
                checked={colour.available}
                onChange={(event) => setColour(index, { ...colour, available: event.target.checked })}
                className="h-5 w-5 accent-brand"
              />
              {t('admin.product.form.available')}
            </label>
            <input
              aria-label={t('admin.product.form.colourStock', { n: index + 1 })}
              inputMode="numeric"
              placeholder={t('admin.stock.notCounted')}
              value={colour.stock}
              onChange={(event) => setColour(index, { ...colour, stock: event.target.value })}
              className={`${inputClass} mt-0 w-28`}
            />
            <button
              type="button"
              onClick={() =>
                set(
                  'colourOptions',
                  values.colourOptions.filter((_, at) => at !== index),
                )
              }
              aria-label={t('admin.product.form.removeColour', { n: index + 1 })}
              className={`${secondaryButton} px-3`}
            >
              {t('admin.product.form.remove')}
            </button>
          </div>
        ))}
        <button type="button" onClick={() => set('colourOptions', [...values.colourOptions, { name: '', available: true, stock: '', nameRo: '' }])} className={secondaryButton}>
          {t('admin.product.form.addColour')}
        </button>
      </fieldset>

      {/* What is typed here is Romanian (lang="ro" on each box), whatever the back office's own language. */}
      <fieldset className="space-y-5">
        <legend className="font-medium">{t('admin.product.form.romanian')}</legend>
        <p className="text-sm text-zinc-600">{t('admin.product.form.romanianHelp')}</p>
        <FormField label={t('admin.product.form.nameRo')}>
          {({ id }) => <input id={id} lang="ro" value={values.nameRo} onChange={(event) => set('nameRo', event.target.value)} className={inputClass} />}
        </FormField>
        <FormField label={t('admin.product.form.descriptionRo')}>
          {({ id }) => <textarea id={id} lang="ro" rows={4} value={values.descriptionRo} onChange={(event) => set('descriptionRo', event.target.value)} className={`${inputClass} py-2`} />}
        </FormField>
        <FormField label={t('admin.product.form.keyFeaturesRo')} hint={t('admin.product.form.keyFeaturesHint')}>
          {({ id, hintId }) => (
            <textarea
              id={id}
              lang="ro"
              aria-describedby={hintId}
              rows={4}
              value={values.keyFeaturesRo}
              onChange={(event) => set('keyFeaturesRo', event.target.value)}
              className={`${inputClass} py-2`}
            />
          )}
        </FormField>
      </fieldset>

      <SafetyFields values={values.safety} onChange={(safety) => set('safety', safety)} />
      <FeedFields values={values.feeds} onChange={(feeds) => set('feeds', feeds)} />

      {problem && problem.field === undefined && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800 ring-1 ring-red-200">
          {problem.problem}
        </p>
      )}
      {/* The save bar stays at the bottom of the screen while the form is on it (issue 46): in reach of the thumb. */}
      <div data-save-bar className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-4 border-t border-zinc-200 bg-white px-4 py-3 sm:-mx-6 sm:px-6">
        <button type="submit" disabled={saving} className={primaryButton}>
          {saving ? t('admin.product.saving') : submitLabel}
        </button>
        <p role="status" className="text-sm font-medium text-brand-dark">
          {saved ? t('admin.product.saved') : ''}
        </p>
      </div>
    </form>
  );
}
