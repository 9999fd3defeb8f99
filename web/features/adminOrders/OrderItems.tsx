import { Fragment } from 'react';
import { lineName } from '../../../domain/catalog';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { vatByRate, vatPercentText } from '../../../domain/vat';
import { useI18n } from '../../lib/i18n';
import { Section } from './orderSection';

/** The order's items: each line with its VAT, then the subtotal, discount, shipping and total with the VAT in them. */
export function OrderItems({ order }: { order: AdminOrder }) {
  const { t, money } = useI18n();
  return (
    <Section title={t('admin.order.section.items')}>
      {/* On a phone each line reads as a sum (issue 46): "1 × 64,99 lei = 64,99 lei", never "1" beside "64,99 lei". */}
      <ul className="flex flex-col gap-2 text-sm sm:hidden">
        {order.lines.map((line) => (
          <li key={line.id}>
            <span className="font-medium">{lineName(line.name, line.colour)}</span>
            <span className="block text-zinc-800">{t('admin.order.lineSum', { quantity: line.quantity, price: money(line.unitPrice), amount: money(line.unitPrice * line.quantity) })}</span>
            <span className="block text-xs text-zinc-600">{t('admin.order.lineVat', { amount: money(line.vatAmount), percent: vatPercentText(line.vatRate) })}</span>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-xs sm:table sm:text-sm">
        <thead className="text-left text-zinc-600">
          <tr>
            <th scope="col" className="py-1 font-medium">
              {t('admin.order.column.product')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('admin.order.column.unitPrice')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('admin.order.column.quantity')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('admin.order.column.amount')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('admin.vat.column')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-t border-zinc-100">
              <td className="py-1">{lineName(line.name, line.colour)}</td>
              <td className="py-1 text-right whitespace-nowrap">{money(line.unitPrice)}</td>
              <td className="py-1 text-right">{line.quantity}</td>
              <td className="py-1 text-right whitespace-nowrap">{money(line.unitPrice * line.quantity)}</td>
              <td className="py-1 pl-2 text-right">
                <span className="whitespace-nowrap">{money(line.vatAmount)}</span> <span className="block text-xs text-zinc-600">{vatPercentText(line.vatRate)}%</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-zinc-200 pt-3 text-sm">
        <dt>{t('admin.order.subtotal')}</dt>
        <dd className="text-right">{money(order.subtotal)}</dd>
        {order.discount > 0 && (
          <>
            <dt>{t('admin.order.discount', { code: order.discountCode ?? '' })}</dt>
            <dd className="text-right whitespace-nowrap">−{money(order.discount)}</dd>
          </>
        )}
        <dt>{t('admin.order.shipping')}</dt>
        <dd className="text-right">{order.shipping === 0 ? t('admin.order.shippingFree') : money(order.shipping)}</dd>
        {order.shipping > 0 && (
          <>
            <dt className="pl-3 text-zinc-600">{t('admin.vat.ofWhich', { percent: vatPercentText(order.shippingVatRate) })}</dt>
            <dd className="text-right text-zinc-600">{money(order.shippingVat)}</dd>
          </>
        )}
        <dt className="font-semibold">{t('admin.order.total')}</dt>
        <dd className="text-right font-semibold">{money(order.total)}</dd>
        {vatByRate(order).map(({ rate, amount }) => (
          <Fragment key={rate}>
            <dt className="text-zinc-600">{t('admin.vat.ofWhich', { percent: vatPercentText(rate) })}</dt>
            <dd className="text-right text-zinc-600">{money(amount)}</dd>
          </Fragment>
        ))}
      </dl>
    </Section>
  );
}
