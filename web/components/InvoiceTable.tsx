import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { InvoiceRow } from '../../domain/contracts/invoices';
import { shopDay } from '../../domain/locale';
import { useI18n } from '../lib/i18n';
import { type Column, RowTable, type TableRow } from './ui/ScrollingTable';
import { secondaryButton } from './ui/styles';

const COLUMNS = ['number', 'order', 'date', 'total', 'check', 'anaf', 'reportBy', 'files'] as const;

/** A file's link: tall enough for a thumb on a phone's card. */
const fileLink = 'inline-flex min-h-11 items-center font-semibold text-brand-dark underline sm:min-h-0';

/**
 * The back office's table of invoices and credit notes (the Invoices page, an order's page without its order column):
 * number, order, issue day, total, where each stands for e-Factura with the rules it breaks, where it stands with ANAF
 * (with ANAF's errors and Send again for a refused one), its report day (warned when due or late), its files. On a
 * phone, a card each (RowTable).
 */
export function InvoiceTable({
  invoices,
  caption,
  withOrder = true,
  onSendAgain,
  onReissue,
}: {
  invoices: InvoiceRow[];
  caption: string;
  withOrder?: boolean;
  /** Sends a refused invoice again (the Invoices page); without it, no button. */
  onSendAgain?: (invoice: InvoiceRow) => void;
  /** Re-issues a standing invoice, corrected (the Invoices page); without it, no button. */
  onReissue?: (invoice: InvoiceRow) => void;
}) {
  const { t, money, locale } = useI18n();
  const cellClass: Partial<Record<(typeof COLUMNS)[number], string>> = {
    number: 'font-semibold whitespace-nowrap',
    date: 'whitespace-nowrap',
    total: 'whitespace-nowrap',
    check: 'max-w-sm',
    anaf: 'max-w-sm',
    reportBy: 'whitespace-nowrap',
    files: 'whitespace-nowrap',
  };
  const shown = COLUMNS.filter((column) => withOrder || column !== 'order');
  const columns = shown.map((column): Column => ({ label: t(`admin.invoices.column.${column}`), align: column === 'total' ? 'right' : 'left', cellClass: cellClass[column] }));
  const rows = invoices.map((invoice): TableRow => {
    const cells: Record<Exclude<(typeof COLUMNS)[number], 'number'>, ReactNode> = {
      order: (
        <Link to={`/admin/orders/${invoice.orderId}`} className="font-semibold text-brand-dark underline">
          {invoice.orderNumber}
        </Link>
      ),
      date: shopDay(invoice.issueDate, locale),
      total: money(invoice.total),
      check:
        invoice.check === 'invalid' ? (
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
        ),
      anaf: (
        <>
          <span className={invoice.anaf === 'nok' ? 'font-semibold text-red-700' : invoice.anaf === 'ok' ? 'font-semibold text-green-800' : ''}>{t(`admin.invoices.anaf.${invoice.anaf}`)}</span>
          {invoice.anafErrors.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-sm text-zinc-700">
              {invoice.anafErrors.map((error) => (
                <li key={error} className="break-words">
                  {error}
                </li>
              ))}
            </ul>
          )}
          {invoice.anaf === 'nok' && onSendAgain && (
            <button type="button" className={`${secondaryButton} mt-2`} onClick={() => onSendAgain(invoice)} aria-label={t('admin.invoices.sendAgainLabel', { number: invoice.documentId })}>
              {t('admin.invoices.sendAgain')}
            </button>
          )}
        </>
      ),
      reportBy: (
        <>
          {shopDay(invoice.reportDueDay, locale)}
          {invoice.reportUrgency && (
            <span className={`block text-sm font-semibold ${invoice.reportUrgency === 'late' ? 'text-red-700' : 'text-amber-800'}`}>{t(`admin.invoices.urgency.${invoice.reportUrgency}`)}</span>
          )}
        </>
      ),
      files: (
        <>
          <span className="flex flex-wrap gap-x-3">
            <a href={`/api/admin/invoices/${invoice.id}/pdf`} className={fileLink} aria-label={t('admin.invoices.pdfLabel', { number: invoice.documentId })}>
              PDF
            </a>
            {invoice.check !== 'checking' && (
              <a href={`/api/admin/invoices/${invoice.id}/xml`} className={fileLink} aria-label={t('admin.invoices.xmlLabel', { number: invoice.documentId })}>
                XML
              </a>
            )}
            {(invoice.anaf === 'ok' || invoice.anaf === 'nok') && (
              <a href={`/api/admin/invoices/${invoice.id}/anaf.zip`} className={fileLink} aria-label={t('admin.invoices.zipLabel', { number: invoice.documentId })}>
                ZIP
              </a>
            )}
          </span>
          {invoice.kind === 'invoice' && !invoice.credited && onReissue && (
            <div className="mt-2">
              <button type="button" className={secondaryButton} onClick={() => onReissue(invoice)} aria-label={t('admin.invoices.reissueLabel', { number: invoice.documentId })}>
                {t('admin.invoices.reissue')}
              </button>
            </div>
          )}
        </>
      ),
    };
    return {
      key: invoice.id,
      head: (
        <>
          {invoice.documentId}
          {invoice.kind === 'credit_note' && <span className="block text-sm font-normal text-zinc-600">{t('admin.invoices.creditNote')}</span>}
        </>
      ),
      cells: shown.filter((column) => column !== 'number').map((column) => cells[column as keyof typeof cells]),
    };
  });
  return <RowTable caption={caption} columns={columns} minWidth="min-w-[64rem]" rows={rows} />;
}
