import { useId } from 'react';
import type { AdminMessageId } from '../../../locales/messages';
import { inputClass } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { FormField } from './FormField';
import type { PartyFormValues, SafetyFormValues } from './safetyForm';

interface PartyLabels {
  legend: AdminMessageId;
  hint?: AdminMessageId;
  name: AdminMessageId;
  address: AdminMessageId;
  email: AdminMessageId;
}

const MANUFACTURER: PartyLabels = {
  legend: 'admin.product.form.manufacturer',
  name: 'admin.product.form.manufacturerName',
  address: 'admin.product.form.manufacturerAddress',
  email: 'admin.product.form.manufacturerEmail',
};
const RESPONSIBLE_PERSON: PartyLabels = {
  legend: 'admin.product.form.responsible',
  hint: 'admin.product.form.responsibleHint',
  name: 'admin.product.form.responsibleName',
  address: 'admin.product.form.responsibleAddress',
  email: 'admin.product.form.responsibleEmail',
};

/** A manufacturer or the EU responsible person: name, postal address and email, all three or none. */
function PartyFields({ labels, party, onChange }: { labels: PartyLabels; party: PartyFormValues; onChange(party: PartyFormValues): void }) {
  const { t } = useI18n();
  const hintId = useId();
  return (
    <fieldset className="space-y-3" aria-describedby={labels.hint ? hintId : undefined}>
      <legend className="font-medium">{t(labels.legend)}</legend>
      {labels.hint && (
        <p id={hintId} className="text-sm text-zinc-600">
          {t(labels.hint)}
        </p>
      )}
      <FormField label={t(labels.name)}>
        {({ id }) => <input id={id} autoComplete="off" value={party.name} onChange={(event) => onChange({ ...party, name: event.target.value })} className={inputClass} />}
      </FormField>
      <FormField label={t(labels.address)}>
        {({ id }) => <input id={id} autoComplete="off" value={party.address} onChange={(event) => onChange({ ...party, address: event.target.value })} className={inputClass} />}
      </FormField>
      <FormField label={t(labels.email)}>
        {({ id }) => (
          <input id={id} type="email" autoComplete="off" spellCheck={false} value={party.email} onChange={(event) => onChange({ ...party, email: event.target.value })} className={inputClass} />
        )}
      </FormField>
    </fieldset>
  );
}

/**
 * The product's safety information (domain/productSafety.ts): what the EU's product safety rules ask its page to
 * show. Each part left empty is not shown.
 */
export function SafetyFields({ values, onChange }: { values: SafetyFormValues; onChange(values: SafetyFormValues): void }) {
  const { t } = useI18n();
  const helpId = useId();
  const set = <K extends keyof SafetyFormValues>(key: K, value: SafetyFormValues[K]) => onChange({ ...values, [key]: value });
  return (
    <fieldset className="space-y-5" aria-describedby={helpId}>
      <legend className="text-lg font-semibold">{t('admin.product.form.safety')}</legend>
      <p id={helpId} className="text-sm text-zinc-600">
        {t('admin.product.form.safetyHelp')}
      </p>
      <PartyFields labels={MANUFACTURER} party={values.manufacturer} onChange={(party) => set('manufacturer', party)} />
      <PartyFields labels={RESPONSIBLE_PERSON} party={values.responsiblePerson} onChange={(party) => set('responsiblePerson', party)} />
      <FormField label={t('admin.product.form.model')} hint={t('admin.product.form.modelHint')}>
        {({ id, hintId }) => <input id={id} aria-describedby={hintId} autoComplete="off" value={values.model} onChange={(event) => set('model', event.target.value)} className={inputClass} />}
      </FormField>
      {/* The Romanian warnings are typed in Romanian (lang="ro"), whatever the back office's own language. */}
      <FormField label={t('admin.product.form.safetyInfoRo')} hint={t('admin.product.form.safetyInfoRoHint')}>
        {({ id, hintId }) => (
          <textarea id={id} lang="ro" aria-describedby={hintId} rows={4} value={values.safetyInfoRo} onChange={(event) => set('safetyInfoRo', event.target.value)} className={`${inputClass} py-2`} />
        )}
      </FormField>
      <FormField label={t('admin.product.form.safetyInfo')} hint={t('admin.product.form.safetyInfoHint')}>
        {({ id, hintId }) => (
          <textarea id={id} aria-describedby={hintId} rows={4} value={values.safetyInfo} onChange={(event) => set('safetyInfo', event.target.value)} className={`${inputClass} py-2`} />
        )}
      </FormField>
    </fieldset>
  );
}
