import { Fragment } from 'react';
import { streetLine } from '../../domain/address';
import { lineName } from '../../domain/catalog';
import type { OrderView } from '../../domain/contracts/orders';
import { placeLine } from '../../domain/counties';
import { phoneDialledFromRomania } from '../../domain/dialled';
import { lockerLine } from '../../domain/lockers';
import { vatByRate, vatPercentText } from '../../domain/vat';
import { useI18n } from '../lib/i18n';
import { formatOrderDate, ORDER_STATUS_LABELS } from '../lib/orderStatus';
import { ShipmentTerms } from './ShipmentTerms';

/**
 * An order as its customer sees it (My orders, and the order's own page): number, status, delivery, total and the VAT it
 * includes, its invoices' PDFs; then its lines, its discount code's line and its shipping, which add up to the total.
 */
export function OrderSummary({ order }: { order: OrderView }) {
  const { t, money, locale } = useI18n();
  const status = ORDER_STATUS_LABELS[order.status];
  return (
    <article aria-labelledby={`order-${order.id}`} className="rounded-2xl bg-white p-4 ring-1 ring-zinc-200">
      <h2 id={`order-${order.id}`} className="font-semibold">
        {t('order.heading', { number: String(order.number) })}
      </h2>
      <p className="font-mono text-xs break-all text-zinc-600">{order.id}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-600">{t('order.term.date')}</dt>
        <dd>{formatOrderDate(order.createdAt, locale)}</dd>
        <dt className="text-zinc-600">{t('order.term.status')}</dt>
        <dd>{status ? t(status) : order.status}</dd>
        {order.locker && (
          <>
            <dt className="text-zinc-600">{t('order.term.delivery')}</dt>
            <dd>{t('order.delivery.locker', { locker: lockerLine(order.locker) })}</dd>
          </>
        )}
        {/* Where it goes and whom the courier calls, for the customer to check (issue 46); none once erased. */}
        {!order.locker && order.street && (
          <>
            <dt className="text-zinc-600">{t('order.term.delivery')}</dt>
            <dd>
              {`${order.firstName} ${order.lastName}`.trim()}, {streetLine(order)}, {placeLine(order)}
            </dd>
          </>
        )}
        {order.phoneNumber && (
          <>
            <dt className="text-zinc-600">{t('order.term.phone')}</dt>
            <dd>{phoneDialledFromRomania(order.phoneNumber)}</dd>
          </>
        )}
        <ShipmentTerms carrier={order.carrier} trackingNumber={order.trackingNumber} />
        <dt className="text-zinc-600">{t('order.term.total')}</dt>
        <dd className="font-semibold">{money(order.total)}</dd>
        {vatByRate(order).map(({ rate, amount }) => (
          <Fragment key={rate}>
            <dt className="text-zinc-600">{t('vat.ofWhich', { percent: vatPercentText(rate) })}</dt>
            <dd>{money(amount)}</dd>
          </Fragment>
        ))}
        {order.invoices.length > 0 && (
          <>
            <dt className="text-zinc-600">{t('order.term.invoices')}</dt>
            <dd>
              <ul>
                {order.invoices.map((invoice) => (
                  <li key={invoice.id}>
                    <a href={invoice.pdfPath} target="_blank" rel="noopener" className="inline-flex min-h-6 items-center font-semibold text-brand-dark underline">
                      {t(invoice.kind === 'invoice' ? 'order.invoice' : 'order.creditNote', { number: invoice.documentId })}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <ul className="mt-3 space-y-1 border-t border-zinc-200 pt-3 text-sm">
        {order.lines.map((line) => (
          <li key={lineName(line.name, line.colour)} className="flex justify-between gap-4">
            <span>
              {lineName(line.name, line.colour)} × {line.quantity}
            </span>
            <span>{money(line.unitPrice * line.quantity)}</span>
          </li>
        ))}
        {order.discount > 0 && (
          <li className="flex justify-between gap-4">
            <span>{t('order.discount', { code: order.discountCode ?? '' })}</span>
            <span className="whitespace-nowrap">−{money(order.discount)}</span>
          </li>
        )}
        <li className="flex justify-between gap-4">
          <span>{t('checkout.totals.shipping')}</span>
          <span className="whitespace-nowrap">{order.shipping === 0 ? t('checkout.totals.free') : money(order.shipping)}</span>
        </li>
      </ul>
    </article>
  );
}
