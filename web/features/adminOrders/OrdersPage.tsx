import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type AdminOrderRow, adminOrderListSchema, type Dashboard as Figures, dashboardSchema, type LiveOrderEvent } from '../../../domain/contracts/admin';
import { ORDER_STATUS_NAMES, ORDER_STATUSES } from '../../../domain/orders';
import { type Column, ScrollingTable } from '../../components/ui/ScrollingTable';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { bucharestDay, bucharestTime, PAYMENT_NAMES, useBackOfficeTitle } from '../../lib/backOffice';
import { formatRon } from '../../lib/format';
import { Dashboard } from './Dashboard';
import { Field } from './Field';
import { filterQuery, filtersFrom, hasFilters, matchesFilters, type OrderFilters } from './filters';
import { type LiveState, useLiveOrders } from './useLiveOrders';

interface List {
  orders: AdminOrderRow[];
  nextCursor: string | null;
  liveCursor: string;
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'The orders could not be loaded. Please try again.');

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
  const [params, setParams] = useSearchParams();
  const query = filterQuery(filtersFrom(params));
  const [list, setList] = useState<List | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [unseen, setUnseen] = useState(0);
  useBackOfficeTitle(unseen > 0 ? `(${unseen}) Orders` : 'Orders');

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
      .catch((failure: unknown) => current && setError(errorText(failure)));
    loadFigures();
    return () => {
      current = false;
    };
  }, [query, loadFigures]);

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
      setError(errorText(failure));
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Orders</h1>
      <Dashboard figures={figures} />
      <FilterForm key={query} filters={filtersFrom(params)} onApply={(filters) => setParams(filterQuery(filters))} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LiveNote state={live} />
        <a href={`/api/admin/orders.csv${query ? `?${query}` : ''}`} download className={secondaryButton}>
          Download CSV{hasFilters(filtersFrom(params)) ? ' (filtered)' : ''}
        </a>
      </div>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      {!list && !error && (
        <p role="status" className="text-zinc-600">
          Loading orders…
        </p>
      )}
      {list && <OrderTable orders={list.orders} fresh={fresh} />}
      {list?.nextCursor && (
        <button type="button" className={`${secondaryButton} self-center`} onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  );
}

function LiveNote({ state }: { state: LiveState }) {
  const text = { connecting: 'Connecting to live updates…', live: 'Live: new orders appear here as they come.', reconnecting: 'Live updates interrupted; reconnecting…' }[state];
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-zinc-700">
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${state === 'live' ? 'bg-green-600' : 'bg-amber-500'}`} />
      {text}
    </p>
  );
}

function FilterForm({ filters, onApply }: { filters: OrderFilters; onApply: (filters: OrderFilters) => void }) {
  const id = useId();
  const [status, setStatus] = useState(filters.status ?? '');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [q, setQ] = useState(filters.q ?? '');
  return (
    <form
      aria-label="Filter orders"
      className="grid grid-cols-1 gap-3 rounded-xl bg-white p-4 ring-1 ring-zinc-200 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_2fr_auto]"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(filtersFrom(new URLSearchParams({ status, from, to, q })));
      }}
    >
      <Field id={`${id}-status`} label="Status">
      <select id={`${id}-status`} className={inputClass} value={status} onChange={(event) => setStatus(event.target.value)}>
        <option value="">All statuses</option>
        {ORDER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {ORDER_STATUS_NAMES[value]}
          </option>
        ))}
      </select>
      </Field>
      <Field id={`${id}-from`} label="From">
      <input id={`${id}-from`} type="date" className={inputClass} value={from} onChange={(event) => setFrom(event.target.value)} />
      </Field>
      <Field id={`${id}-to`} label="To">
      <input id={`${id}-to`} type="date" className={inputClass} value={to} onChange={(event) => setTo(event.target.value)} />
      </Field>
      <Field id={`${id}-q`} label="Search">
      <input
        id={`${id}-q`}
        type="search"
        className={inputClass}
        value={q}
        maxLength={100}
        placeholder="Number, id, name, email or phone"
        onChange={(event) => setQ(event.target.value)}
      />
      </Field>
      <div className="flex items-end gap-2">
        <button type="submit" className={primaryButton}>
          Filter
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
          Clear
        </button>
      </div>
    </form>
  );
}

const ORDER_COLUMNS: readonly Column[] = [
  { label: 'Order' },
  { label: 'Placed' },
  { label: 'Customer' },
  { label: 'Phone' },
  { label: 'City' },
  { label: 'Total', align: 'right' },
  { label: 'Payment' },
  { label: 'Status' },
];

/** Beside the status of an order whose customer asked to withdraw (the order's page says more). */
const WITHDRAWAL_MARK = { en: 'Withdrawal requested', ro: 'Retragere cerută' } as const;

function OrderTable({ orders, fresh }: { orders: AdminOrderRow[]; fresh: ReadonlySet<string> }) {
  if (orders.length === 0) return <p className="text-zinc-700">No orders match.</p>;
  return (
    <ScrollingTable caption="Orders, newest first" columns={ORDER_COLUMNS} minWidth="min-w-[56rem]">
      {orders.map((order) => (
        <tr key={order.id} className={`border-b border-zinc-100 last:border-0 ${fresh.has(order.id) ? 'bg-amber-50' : ''}`}>
          <th scope="row" className="px-3 py-2 text-left font-normal">
            <Link to={`/admin/orders/${order.id}`} className="font-semibold text-brand-dark underline">
              {order.number}
            </Link>
            {fresh.has(order.id) && <span className="ml-2 rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-900">New</span>}
            <span className="block font-mono text-xs text-zinc-600">{order.id.slice(0, 8)}</span>
          </th>
          <td className="px-3 py-2 whitespace-nowrap">{bucharestTime.format(new Date(order.createdAt))}</td>
          <td className="px-3 py-2">
            {order.firstName} {order.lastName}
            <span className="block text-xs text-zinc-600">{order.email}</span>
          </td>
          <td className="px-3 py-2 whitespace-nowrap">{order.phoneNumber}</td>
          <td className="px-3 py-2">{order.city}</td>
          <td className="px-3 py-2 text-right whitespace-nowrap">{formatRon(order.total)}</td>
          <td className="px-3 py-2">{PAYMENT_NAMES[order.paymentMethod]}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            {ORDER_STATUS_NAMES[order.status]}
            {order.withdrawalRequestedAt && (
              <span className="mt-0.5 block w-fit rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-900">{WITHDRAWAL_MARK.en}</span>
            )}
          </td>
        </tr>
      ))}
    </ScrollingTable>
  );
}
