import { useId, useState, type ReactNode } from 'react';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { type ColourFormValues, type FormProblem, type ProductFromForm, problemOf, productFromForm, type ProductFormValues } from './productForm';

/** The price's hint: there is no old price to type; the shop shows a reduction only from the price history. */
const PRICE_HINT = {
  en: 'For example 39.99. A lower price shows as a reduction only below the lowest price of the 30 days before.',
  ro: 'De exemplu 39,99. Un preț mai mic apare ca reducere doar sub cel mai mic preț din ultimele 30 de zile dinaintea lui.',
};

function Field({ label, hint, children }: { label: string; hint?: string; children: (ids: { id: string; hintId?: string }) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-zinc-600">
          {hint}
        </p>
      )}
      {children({ id, hintId })}
    </div>
  );
}

interface ProductFormProps {
  initial: ProductFormValues;
  submitLabel: string;
  /** Saves the product; a rejection with an ApiError shows the server's message. */
  onSubmit(product: ProductFromForm): Promise<void>;
}

/** Every field of a product, checked here with the server's own rules before it is sent. */
export function ProductForm({ initial, submitLabel, onSubmit }: ProductFormProps) {
  const [values, setValues] = useState(initial);
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
    const result = productFromForm(values);
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
      setProblem(problemOf(error));
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
      <Field label="Name">{({ id }) => <input id={id} value={values.name} onChange={(event) => set('name', event.target.value)} className={inputClass} />}</Field>
      {values.slug !== undefined && (
        <Field label="Address" hint="The page’s address in the shop: lowercase letters, digits and hyphens. The old address keeps leading to it.">
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
        </Field>
      )}
      <Field label="Description">
        {({ id }) => <textarea id={id} rows={4} value={values.description} onChange={(event) => set('description', event.target.value)} className={`${inputClass} py-2`} />}
      </Field>
      <Field label="Key features" hint="One per line.">
        {({ id, hintId }) => (
          <textarea id={id} aria-describedby={hintId} rows={4} value={values.keyFeatures} onChange={(event) => set('keyFeatures', event.target.value)} className={`${inputClass} py-2`} />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Price (RON)" hint={PRICE_HINT.en}>
          {({ id, hintId }) => <input id={id} aria-describedby={hintId} inputMode="decimal" value={values.price} onChange={(event) => set('price', event.target.value)} className={inputClass} />}
        </Field>
        <Field label="Stock" hint="Units left; 0 shows Sold Out; empty when not counted.">
          {({ id, hintId }) => <input id={id} aria-describedby={hintId} inputMode="numeric" value={values.stock} onChange={(event) => set('stock', event.target.value)} className={inputClass} />}
        </Field>
        <Field label="Stripe price id" hint="price_…, for card payment; empty when none.">
          {({ id, hintId }) => (
            <input id={id} aria-describedby={hintId} autoComplete="off" spellCheck={false} value={values.stripePriceId} onChange={(event) => set('stripePriceId', event.target.value)} className={inputClass} />
          )}
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input type="checkbox" checked={values.active} onChange={(event) => set('active', event.target.checked)} className="h-5 w-5 accent-brand" />
        Shown in the shop
      </label>

      <fieldset className="space-y-3">
        <legend className="font-medium">Colours</legend>
        <p className="text-sm text-zinc-600">
          A colour that is not available, or has none left, shows as Sold Out and cannot be chosen. A colour's stock (empty: not counted) is
          taken by orders for that colour, besides the product's own stock.
        </p>
        {values.colourOptions.map((colour, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a name being typed is no stable key
          <div key={index} className="flex flex-wrap items-center gap-3">
            <input
              aria-label={`Colour ${index + 1} name`}
              value={colour.name}
              onChange={(event) => setColour(index, { ...colour, name: event.target.value })}
              className={`${inputClass} mt-0 w-40 flex-1`}
            />
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                aria-label={`Colour ${index + 1} available`}
                checked={colour.available}
                onChange={(event) => setColour(index, { ...colour, available: event.target.checked })}
                className="h-5 w-5 accent-brand"
              />
              Available
            </label>
            <input
              aria-label={`Colour ${index + 1} stock`}
              inputMode="numeric"
              placeholder="Not counted"
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
              aria-label={`Remove colour ${index + 1}`}
              className={`${secondaryButton} px-3`}
            >
              Remove
            </button>
          </div>
        ))}
        <button type="button" onClick={() => set('colourOptions', [...values.colourOptions, { name: '', available: true, stock: '' }])} className={secondaryButton}>
          Add colour
        </button>
      </fieldset>

      {problem && problem.field === undefined && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800 ring-1 ring-red-200">
          {problem.problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={saving} className={primaryButton}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        <p role="status" className="text-sm font-medium text-brand-dark">
          {saved ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  );
}
