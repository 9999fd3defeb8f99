import { useCallback, useEffect, useId, useState } from 'react';
import { type InvoiceRow, invoiceListSchema } from '../../../domain/contracts/invoices';
import { bucharestDay } from '../../../domain/locale';
import { InvoiceTable } from '../../components/InvoiceTable';
import { secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useBackOfficeTitle } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';

/** This month in Bucharest, as the month field writes it (YYYY-MM). */
const thisMonth = () => bucharestDay(new Date()).slice(0, 7);

/**
 * The shop's invoices and credit notes of a month: each with its order, total, where it stands for e-Factura (being
 * checked, valid, or refused with the rules it breaks), the last day it may be reported to ANAF, and its PDF and XML.
 */
export default function InvoicesPage() {
  const { t } = useI18n();
  useBackOfficeTitle(t('admin.invoices.heading'));
  const monthId = useId();
  const [month, setMonth] = useState(thisMonth);
  const [invoices, setInvoices] = useState<InvoiceRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setInvoices((await apiRequest(`/admin/invoices?month=${encodeURIComponent(month)}`, invoiceListSchema)).invoices);
    } catch (failure) {
      setLoadError(failure instanceof ApiError ? failure.message : t('admin.invoices.loadError'));
    }
  }, [month, t]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('admin.invoices.heading')}</h1>
      <p className="max-w-3xl text-zinc-700">{t('admin.invoices.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={monthId} className="font-medium">
            {t('admin.invoices.month')}
          </label>
          <input
            id={monthId}
            type="month"
            value={month}
            onChange={(event) => event.target.value && setMonth(event.target.value)}
            className="min-h-11 rounded-md border border-zinc-400 px-3"
          />
        </div>
        <button type="button" className={secondaryButton} onClick={() => void load()}>
          {t('admin.invoices.checkAgain')}
        </button>
      </div>
      {loadError && (
        <p role="alert" className="text-red-700">
          {loadError}
        </p>
      )}
      {!invoices && !loadError && (
        <p role="status" className="text-zinc-600">
          {t('admin.invoices.loading')}
        </p>
      )}
      {invoices && (
        <p role="status" className="text-zinc-700">
          {t('admin.invoices.count', { count: invoices.length })}
        </p>
      )}
      {invoices && invoices.length > 0 && <InvoiceTable invoices={invoices} caption={t('admin.invoices.caption')} />}
    </div>
  );
}
