import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type AdminOrderRow, adminOrderListSchema, dashboardSchema, type Dashboard as Figures, type LiveOrderEvent } from '../../../domain/contracts/admin';
import { countyName } from '../../../domain/counties';
import { bucharestDay } from '../../../domain/locale';
import { ORDER_STATUSES } from '../../../domain/orders';
import { Field } from '../../components/ui/Field';
import { type Column, ScrollingTable } from '../../components/ui/ScrollingTable';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { BUCHAREST_TIME, orderStatusName, paymentName, useBackOfficeTitle } from '../../lib/backOffice';
import { type Translate, useI18n } from '../../lib/i18n';
import { usePhoneWidth } from '../../lib/usePhoneWidth';
import { CashWithCouriers, Dashboard } from './Dashboard';
import { filterQuery, filtersFrom, hasFilters, matchesFilters, type OrderFilters } from './filters';
import { type LiveState, useLiveOrders } from './useLiveOrders';
import { Visitors } from './Visitors';

interface List {
  orders: AdminOrderRow[];
  nextCursor: string | null;
  liveCursor: string;
}

const errorText = (error: unknown, t: Translate) => (error instanceof ApiError ? error.message : t('admin.orders.loadError'));

/** Puts a live order into the list: replaces its row, or inserts it in date order when it belongs there. */
function withLiveOrder(list: List, order: AdminOrderRow, belongs: boolean): List {
  const at = list.orders.findIndex((row) => row.id === order.id);
  if (at >= 0) return { ...list, orders: list.orders.map((row, index) => (index === at ? order : row)) };
  if (!belongs) return list;
  const before = list.orders.findIndex((row) => row.createdAt < order.createdAt);
  // Older than every loaded row while more pages exist: it will come with "Load more".
  if (before < 0 && list.nextCursor) return list;
  const orders = [...list.orders];
  orders.splice(before < 0 ? orders.length : before, 0, order);
  return { ...list, orders };
}

export default function OrdersPage() {
  const phone = usePhoneWidth();
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const query = filterQuery(filtersFrom(params));
  const [list, setList] = useState<List | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [unseen, setUnseen] = useState(0);
  useBackOfficeTitle(unseen > 0 ? t('admin.orders.titleUnseen', { count: unseen }) : t('admin.orders.heading'));

  const loadFigures = useCallback(() => {
    apiRequest('/admin/dashboard', dashboardSchema)
      .then(setFigures)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    let current = true;
    setError(null);
    setFresh(new Set());
    apiRequest(`/admin/orders${query ? `?${query}` : ''}`, adminOrderListSchema)
      .then((answer) => current && setList(answer))
      .catch((failure: unknown) => current && setError(errorText(failure, t)));
    loadFigures();
    return () => {
      current = false;
    };
  }, [query, loadFigures, t]);

  // The title's count is of orders the owner has not looked at yet: any key, tap or return to the tab clears it.
  useEffect(() => {
    if (unseen === 0) return;
    const seen = () => {
      if (document.visibilityState === 'visible') setUnseen(0);
    };
    window.addEventListener('pointerdown', seen);
    window.addEventListener('keydown', seen);
    document.addEventListener('visibilitychange', seen);
    return () => {
      window.removeEventListener('pointerdown', seen);
      window.removeEventListener('keydown', seen);
      document.removeEventListener('visibilitychange', seen);
    };
  }, [unseen]);

  const onLive = (event: LiveOrderEvent) => {
    const filters = filtersFrom(new URLSearchParams(query));
    const belongs = matchesFilters(filters, event.order, bucharestDay(event.order.createdAt));
    setList((current) => (current ? withLiveOrder(current, event.order, belongs) : current));
    if (event.kind === 'placed') {
      setUnseen((count) => count + 1);
      if (belongs) setFresh((ids) => new Set(ids).add(event.order.id));
    }
    loadFigures();
  };
  const live = useLiveOrders(list?.liveCursor ?? null, onLive);

  async function loadMore() {
    if (!list?.nextCursor) return;
    setLoadingMore(true);
    try {
      const more = await apiRequest(`/admin/orders?${query ? `${query}&` : ''}cursor=${encodeURIComponent(list.nextCursor)}`, adminOrderListSchema);
      setList((current) => {
        if (!current) return current;
        const known = new Set(current.orders.map((row) => row.id));
        return { ...current, orders: [...current.orders, ...more.orders.filter((row) => !known.has(row.id))], nextCursor: more.nextCursor };
      });
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setLoadingMore(false);
    }
  }

  const orders = (
    <>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      {!list && !error && (
        <p role="status" className="text-zinc-600">
          {t('admin.orders.loading')}
        </p>
      )}
      {list && (phone ? <OrderCards orders={list.orders} fresh={fresh} /> : <OrderTable orders={list.orders} fresh={fresh} />)}
      {list?.nextCursor && (
        <button type="button" className={`${secondaryButton} self-center`} onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? t('admin.loading') : t('admin.orders.loadMore')}
        </button>
      )}
    </>
  );
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('admin.orders.heading')}</h1>
      {/* On a phone the orders come first, as cards; the counters and filters after them (issue 46). */}
      {phone && orders}
      <Dashboard figures={figures} />
      <FilterForm key={query} filters={filtersFrom(params)} onApply={(filters) => setParams(filterQuery(filters))} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LiveNote state={live} />
        <a href={`/api/admin/orders.csv${query ? `?${query}` : ''}`} download className={secondaryButton}>
          {hasFilters(filtersFrom(params)) ? t('admin.orders.downloadCsvFiltered') : t('admin.orders.downloadCsv')}
        </a>
      </div>
      {!phone && orders}
      <CashWithCouriers figures={figures} />
      <Visitors />
    </div>
  );
}

function LiveNote({ state }: { state: LiveState }) {
  const { t } = useI18n();
  const text = t(`admin.live.${state}`);
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-zinc-700">
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${state === 'live' ? 'bg-green-600' : 'bg-amber-500'}`} />
      {text}
    </p>
  );
}

function FilterForm({ filters, onApply }: { filters: OrderFilters; onApply: (filters: OrderFilters) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [status, setStatus] = useState(filters.status ?? '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [q, setQ] = useState(filters.q ?? '');
  return (
    <form
      aria-label={t('admin.filters.label')}
      className="grid grid-cols-1 gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_2fr_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(filtersFrom(new URLSearchParams({ status, from, to, q })));
      }}
    >
      <Field id={`${id}-status`} label={t('admin.filters.status')}>
        <select id={`${id}-status`} className={inputClass} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">{t('admin.filters.allStatuses')}</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {orderStatusName(t, value)}
            </option>
          ))}
          <option value="overdue">{t('admin.filters.overdue')}</option>
        </select>
      </Field>
      <Field id={`${id}-from`} label={t('admin.filters.from')}>
        <input id={`${id}-from`} type="date" className={inputClass} value={from} onChange={(event) => setFrom(event.target.value)} />
      </Field>
      <Field id={`${id}-to`} label={t('admin.filters.to')}>
        <input id={`${id}-to`} type="date" className={inputClass} value={to} onChange={(event) => setTo(event.target.value)} />
      </Field>
      <Field id={`${id}-q`} label={t('admin.filters.search')}>
        <input id={`${id}-q`} type="search" className={inputClass} value={q} maxLength={100} placeholder={t('admin.filters.searchPlaceholder')} onChange={(event) => setQ(event.target.value)} />
      </Field>
      <div className="flex items-end gap-2">
        <button type="submit" className={primaryButton}>
          {t('admin.filters.apply')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setStatus('');
            setFrom('');
            setTo('');
            setQ('');
            onApply({});
          }}
        >
          {t('admin.filters.clear')}
        </button>
      </div>
    </form>
  );
}

const ORDER_COLUMNS = ['order', 'placed', 'customer', 'phone', 'city', 'total', 'payment', 'status'] as const;

/**
 * The orders as cards on a phone: each tappable as a whole, with its number (and *New*), the customer, the total, its
 * status and when it was placed, and its flags (returned before, withdrawal requested).
 */
function OrderCards({ orders, fresh }: { orders: AdminOrderRow[]; fresh: ReadonlySet<string> }) {
  const { t, money, locale } = useI18n();
  if (orders.length === 0) return <p className="text-zinc-700">{t('admin.orders.none')}</p>;
  return (
    <ul aria-label={t('admin.orders.caption')} className="flex flex-col gap-2">
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            to={`/admin/orders/${order.id}`}
            className={`block rounded-xl p-3 ring-1 ring-zinc-200 hover:ring-brand focus-visible:outline-3 focus-visible:outline-brand ${fresh.has(order.id) ? 'bg-amber-50' : 'bg-white'}`}
          >
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
            {(order.returnedBefore || order.withdrawalRequestedAt) && (
              <span className="mt-1 flex flex-wrap gap-1 text-xs font-semibold">
                {order.returnedBefore && <span className="rounded bg-red-100 px-1.5 text-red-900">{t('admin.orders.returnedBefore')}</span>}
                {order.withdrawalRequestedAt && <span className="rounded bg-amber-200 px-1.5 text-amber-900">{t('admin.orders.withdrawalRequested')}</span>}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function OrderTable({ orders, fresh }: { orders: AdminOrderRow[]; fresh: ReadonlySet<string> }) {
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
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
