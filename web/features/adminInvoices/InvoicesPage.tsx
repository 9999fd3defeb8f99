import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { type InvoiceRow, invoiceListSchema } from '../../../domain/contracts/invoices';
import { bucharestDay, shopDay } from '../../../domain/locale';
import { type Column, ScrollingTable } from '../../components/ui/ScrollingTable';
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
      {invoices && invoices.length > 0 && <InvoiceTable invoices={invoices} />}
    </div>
  );
}

const COLUMNS = ['number', 'order', 'date', 'total', 'check', 'reportBy', 'files'] as const;

function InvoiceTable({ invoices }: { invoices: InvoiceRow[] }) {
  const { t, money, locale } = useI18n();
  const columns = COLUMNS.map((column): Column => ({ label: t(`admin.invoices.column.${column}`), align: column === 'total' ? 'right' : 'left' }));
  return (
    <ScrollingTable caption={t('admin.invoices.caption')} columns={columns} minWidth="min-w-[56rem]">
      {invoices.map((invoice) => (
        <tr key={invoice.id} className="border-b border-zinc-100 align-top last:border-0">
          <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
            {invoice.documentId}
            {invoice.kind === 'credit_note' && <span className="block text-sm font-normal text-zinc-600">{t('admin.invoices.creditNote')}</span>}
          </th>
          <td className="px-3 py-2">
            <Link to={`/admin/orders/${invoice.orderId}`} className="font-semibold text-brand-dark underline">
              {invoice.orderNumber}
            </Link>
          </td>
          <td className="px-3 py-2 whitespace-nowrap">{shopDay(invoice.issueDate, locale)}</td>
          <td className="px-3 py-2 text-right whitespace-nowrap">{money(invoice.total)}</td>
          <td className="max-w-sm px-3 py-2">
            {invoice.check === 'invalid' ? (
              <>
                <span className="font-semibold text-red-700">{t('admin.invoices.check.invalid')}</span>
                <ul className="mt-1 list-disc pl-5 text-sm text-zinc-700">
                  {invoice.problems.map((problem) => (
                    <li key={`${problem.rule}-${problem.message}`} className="break-words">
                      <span className="font-semibold">{problem.rule}</span>: {problem.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              t(`admin.invoices.check.${invoice.check}`)
            )}
          </td>
          <td className="px-3 py-2 whitespace-nowrap">{shopDay(invoice.reportDueDay, locale)}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            <a href={`/api/admin/invoices/${invoice.id}/pdf`} className="font-semibold text-brand-dark underline" aria-label={t('admin.invoices.pdfLabel', { number: invoice.documentId })}>
              PDF
            </a>
            {invoice.check !== 'checking' && (
              <a href={`/api/admin/invoices/${invoice.id}/xml`} className="ml-3 font-semibold text-brand-dark underline" aria-label={t('admin.invoices.xmlLabel', { number: invoice.documentId })}>
                XML
              </a>
            )}
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
