import { type FormEvent, useId, useState } from 'react';
import { type InvoiceRow, reissuedSchema } from '../../../domain/contracts/invoices';
import { COUNTIES } from '../../../domain/counties';
import { invoiceCorrectionSchema } from '../../../domain/invoiceCorrection';
import { issueValues } from '../../../domain/issueValues';
import type { AdminMessageId } from '../../../locales/messages';
import { Dialog } from '../../components/ui/Dialog';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';

const FIELDS = ['name', 'street', 'city', 'county', 'postalCode'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Re-issuing a wrong invoice: the owner corrects the buyer (starting from what the invoice says), and the shop
 * credits the wrong invoice and issues the corrected one. `onDone` gets the new invoice's number.
 */
export function ReissueDialog({ invoice, onClose, onDone }: { invoice: InvoiceRow; onClose(): void; onDone(newNumber: string): void }) {
  const { t } = useI18n();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ ...invoice.buyer });
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = invoiceCorrectionSchema.safeParse(values);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      setProblem({ field: (issue?.path[0] as Field | undefined) ?? null, message: issue ? t(issue.message as AdminMessageId, issueValues(issue)) : '' });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const reissued = await apiRequest(`/admin/invoices/${invoice.id}/reissue`, reissuedSchema, { method: 'POST', body: JSON.stringify(parsed.data) });
      onDone(reissued.documentId);
    } catch (failure) {
      setProblem({ field: null, message: failure instanceof ApiError ? failure.message : t('admin.invoices.loadError') });
      setBusy(false);
    }
  };

  const input = (field: Exclude<Field, 'county'>, autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="font-medium">
        {t(`admin.invoices.field.${field}`)}
      </label>
      <input
        id={`${id}-${field}`}
        className={inputClass}
        value={values[field]}
        autoComplete={autoComplete}
        aria-invalid={problem?.field === field || undefined}
        aria-describedby={problem?.field === field ? `${id}-problem` : undefined}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
      />
    </div>
  );

  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} className="max-w-lg">
      <form className="flex flex-col gap-4 p-5" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {t('admin.invoices.reissueHeading', { number: invoice.documentId })}
        </h2>
        <p className="text-sm text-zinc-700">{t('admin.invoices.reissueLead')}</p>
        {input('name', 'off')}
        {input('street', 'off')}
        {input('city', 'off')}
        <div>
          <label htmlFor={`${id}-county`} className="font-medium">
            {t('admin.invoices.field.county')}
          </label>
          <select id={`${id}-county`} className={inputClass} value={values.county} onChange={(event) => setValues({ ...values, county: event.target.value })}>
            {COUNTIES.map((county) => (
              <option key={county.code} value={county.code}>
                {county.name}
              </option>
            ))}
          </select>
        </div>
        {input('postalCode', 'off')}
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-red-700">
            {problem.message}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={busy}>
            {t('admin.invoices.reissueSubmit')}
          </button>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('admin.invoices.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
