import { Link } from 'react-router';
import type { InvoiceRow } from '../../domain/contracts/invoices';
import { shopDay } from '../../domain/locale';
import { useI18n } from '../lib/i18n';
import { type Column, ScrollingTable } from './ui/ScrollingTable';

const COLUMNS = ['number', 'order', 'date', 'total', 'check', 'reportBy', 'files'] as const;

/**
 * The back office's table of invoices and credit notes (the Invoices page, an order's page without its order column):
 * number, order, issue day, total, where each stands for e-Factura with the rules it breaks, its report day, its files.
 */
export function InvoiceTable({ invoices, caption, withOrder = true }: { invoices: InvoiceRow[]; caption: string; withOrder?: boolean }) {
  const { t, money, locale } = useI18n();
  const columns = COLUMNS.filter((column) => withOrder || column !== 'order').map((column): Column => ({ label: t(`admin.invoices.column.${column}`), align: column === 'total' ? 'right' : 'left' }));
  return (
    <ScrollingTable caption={caption} columns={columns} minWidth="min-w-[56rem]">
      {invoices.map((invoice) => (
        <tr key={invoice.id} className="border-b border-zinc-100 align-top last:border-0">
          <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
            {invoice.documentId}
            {invoice.kind === 'credit_note' && <span className="block text-sm font-normal text-zinc-600">{t('admin.invoices.creditNote')}</span>}
          </th>
          {withOrder && (
            <td className="px-3 py-2">
              <Link to={`/admin/orders/${invoice.orderId}`} className="font-semibold text-brand-dark underline">
                {invoice.orderNumber}
              </Link>
            </td>
          )}
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
