import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AdminOrder, AdminOrderRow } from '../../../domain/contracts/admin';
import { countyName } from '../../../domain/counties';
import { type Column, ScrollingTable } from '../../components/ui/ScrollingTable';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { BUCHAREST_TIME, orderStatusName, paymentName } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';
import { useOrderAction } from './orderSection';

/** The back office's list of orders: cards on a phone, a table from 640 px. */

const ORDER_COLUMNS = ['order', 'placed', 'customer', 'phone', 'city', 'total', 'payment', 'status'] as const;

interface CardsProps {
  orders: AdminOrderRow[];
  fresh: ReadonlySet<string>;
  /** A courier is set up: a confirmed order's next step is its AWB (else Ship, with a tracking number). */
  couriers: boolean;
  /** The order as the card's action left it (its new status and version). */
  onChanged(order: AdminOrder): void;
  /** The list as it is now (the card's action was refused as out of date). */
  reload(): Promise<unknown>;
}

/**
 * The orders as cards on a phone: each tappable as a whole, with its number (and *New*), the customer, the total, its
 * status and when it was placed, and its flags (returned before, withdrawal requested); under it, the order's next step
 * (issue 46): *Confirm* a new cash order there and then, *Create AWB* (or *Ship*) on its page once confirmed or paid.
 */
export function OrderCards({ orders, fresh, couriers, onChanged, reload }: CardsProps) {
  const { t, money, locale } = useI18n();
  // Said above the cards, not in one: refused as out of date, the list is read again and the card may go with it.
  const [problem, setProblem] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);
  return (
    <>
      {problem && (
        <p ref={alertRef} role="alert" tabIndex={-1} className="rounded-lg bg-red-50 p-3 text-red-800 focus:outline-none">
          {problem}
        </p>
      )}
      {orders.length === 0 ? <p className="text-zinc-700">{t('admin.orders.none')}</p> : null}
      {orders.length > 0 && (
        <ul aria-label={t('admin.orders.caption')} className="flex flex-col gap-2">
          {orders.map((order) => (
            <li key={order.id} className={`rounded-xl ring-1 ring-zinc-200 ${fresh.has(order.id) ? 'bg-amber-50' : 'bg-white'}`}>
              <Link to={`/admin/orders/${order.id}`} className="block rounded-xl p-3 hover:ring-1 hover:ring-brand focus-visible:outline-3 focus-visible:outline-brand">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold text-brand-dark underline">
                    {t('admin.orders.cardNumber', { number: String(order.number) })}
                    {fresh.has(order.id) && <span className="ml-2 rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-900 no-underline">{t('admin.orders.new')}</span>}
                  </span>
                  <span className="font-semibold whitespace-nowrap">{money(order.total)}</span>
                </span>
                <span className="mt-1 flex items-baseline justify-between gap-2 text-sm">
                  <span className="truncate">
                    {order.firstName} {order.lastName} · {order.city}
                  </span>
                  <span className="rounded-full bg-zinc-100 px-2 text-xs font-semibold whitespace-nowrap text-zinc-800">{orderStatusName(t, order.status)}</span>
                </span>
                <span className="mt-1 block text-xs text-zinc-600">
                  {BUCHAREST_TIME[locale].format(new Date(order.createdAt))} · {paymentName(t, order.paymentMethod)}
                </span>
                {(order.returnedBefore || order.withdrawalRequestedAt || order.customerConfirmedAt) && (
                  <span className="mt-1 flex flex-wrap gap-1 text-xs font-semibold">
                    {order.customerConfirmedAt && <span className="rounded bg-green-100 px-1.5 text-green-900">{t('admin.orders.customerConfirmed')}</span>}
                    {order.returnedBefore && <span className="rounded bg-red-100 px-1.5 text-red-900">{t('admin.orders.returnedBefore')}</span>}
                    {order.withdrawalRequestedAt && <span className="rounded bg-amber-200 px-1.5 text-amber-900">{t('admin.orders.withdrawalRequested')}</span>}
                  </span>
                )}
              </Link>
              <NextStep order={order} couriers={couriers} onChanged={onChanged} reload={reload} onProblem={setProblem} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A card's next step: Confirm (posted from the card, with the version the list showed), or a link to the order's AWB. */
function NextStep({ order, couriers, onChanged, reload, onProblem }: { order: AdminOrderRow; onProblem(problem: string | null): void } & Pick<CardsProps, 'couriers' | 'onChanged' | 'reload'>) {
  const { t } = useI18n();
  const { busy, run } = useOrderAction(onChanged, reload);
  const number = String(order.number);
  if (order.status === 'pending') {
    return (
      <div className="flex flex-wrap items-center gap-2 px-3 pb-3">
        <button
          type="button"
          className={primaryButton}
          disabled={busy}
          aria-label={t('admin.orders.confirmOrder', { number })}
          onClick={() => {
            onProblem(null);
            void run(`/admin/orders/${order.id}/status`, { to: 'confirmed', version: order.version }).then(onProblem);
          }}
        >
          {t('admin.order.action.confirmed')}
        </button>
      </div>
    );
  }
  if (order.status !== 'confirmed' && order.status !== 'paid') return null;
  return (
    <div className="px-3 pb-3">
      <Link to={`/admin/orders/${order.id}`} className={secondaryButton} aria-label={t(couriers ? 'admin.orders.createAwbFor' : 'admin.orders.shipOrder', { number })}>
        {t(couriers ? 'admin.awb.create' : 'admin.order.action.shipped')}
      </Link>
    </div>
  );
}

export function OrderTable({ orders, fresh }: { orders: AdminOrderRow[]; fresh: ReadonlySet<string> }) {
  const { t, money, locale } = useI18n();
  if (orders.length === 0) return <p className="text-zinc-700">{t('admin.orders.none')}</p>;
  const columns = ORDER_COLUMNS.map((column): Column => ({ label: t(`admin.orders.column.${column}`), align: column === 'total' ? 'right' : 'left' }));
  return (
    <ScrollingTable caption={t('admin.orders.caption')} columns={columns} minWidth="min-w-[56rem]">
      {orders.map((order) => (
        <tr key={order.id} className={`border-b border-zinc-100 last:border-0 ${fresh.has(order.id) ? 'bg-amber-50' : ''}`}>
          <th scope="row" className="px-3 py-2 text-left font-normal">
            <Link to={`/admin/orders/${order.id}`} className="font-semibold text-brand-dark underline">
              {order.number}
            </Link>
            {fresh.has(order.id) && <span className="ml-2 rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-900">{t('admin.orders.new')}</span>}
            <span className="block font-mono text-xs text-zinc-600">{order.id.slice(0, 8)}</span>
          </th>
          <td className="px-3 py-2 whitespace-nowrap">{BUCHAREST_TIME[locale].format(new Date(order.createdAt))}</td>
          <td className="px-3 py-2">
            {order.firstName} {order.lastName}
            <span className="block text-xs text-zinc-600">{order.email}</span>
          </td>
          <td className="px-3 py-2 whitespace-nowrap">{order.phoneNumber}</td>
          <td className="px-3 py-2">
            {order.city}
            {order.county && <span className="block text-xs text-zinc-600">{countyName(order.county)}</span>}
          </td>
          <td className="px-3 py-2 text-right whitespace-nowrap">{money(order.total)}</td>
          <td className="px-3 py-2">
            {paymentName(t, order.paymentMethod)}
            {order.returnedBefore && <span className="mt-0.5 block w-fit rounded bg-red-100 px-1.5 text-xs font-semibold text-red-900">{t('admin.orders.returnedBefore')}</span>}
          </td>
          <td className="px-3 py-2 whitespace-nowrap">
            {orderStatusName(t, order.status)}
            {order.withdrawalRequestedAt && <span className="mt-0.5 block w-fit rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-900">{t('admin.orders.withdrawalRequested')}</span>}
            {order.customerConfirmedAt && <span className="mt-0.5 block w-fit rounded bg-green-100 px-1.5 text-xs font-semibold text-green-900">{t('admin.orders.customerConfirmed')}</span>}
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
