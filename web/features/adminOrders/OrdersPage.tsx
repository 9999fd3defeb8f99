import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type AdminOrderRow, adminOrderListSchema, dashboardSchema, type Dashboard as Figures, type LiveOrderEvent } from '../../../domain/contracts/admin';
import { bucharestDay } from '../../../domain/locale';
import { ORDER_STATUSES } from '../../../domain/orders';
import { Field } from '../../components/ui/Field';
import { inputClass, primaryButton, secondaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { orderStatusName, useBackOfficeTitle } from '../../lib/backOffice';
import { type Translate, useI18n } from '../../lib/i18n';
import { usePhoneWidth } from '../../lib/usePhoneWidth';
import { CashWithCouriers, Dashboard } from './Dashboard';
import { filterQuery, filtersFrom, hasFilters, matchesFilters, type OrderFilters } from './filters';
import { OrderCards, OrderTable } from './OrderList';
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
  const listId = useId();
  const [params, setParams] = useSearchParams();
  // On a phone the list opens on the orders waiting for the owner (issue 46); the counters and filters open the others.
  const filters = filtersFrom(params);
  const query = filterQuery(phone && !hasFilters(filters) ? { status: 'waiting' } : filters);
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

  /** The list's first page as filtered; `reload` shows it anew (a card's action refused as out of date). */
  const fetchList = useCallback(() => apiRequest(`/admin/orders${query ? `?${query}` : ''}`, adminOrderListSchema), [query]);
  const reload = useCallback(() => fetchList().then(setList), [fetchList]);

  useEffect(() => {
    let current = true;
    setError(null);
    setFresh(new Set());
    fetchList()
      .then((answer) => current && setList(answer))
      .catch((failure: unknown) => current && setError(errorText(failure, t)));
    loadFigures();
    return () => {
      current = false;
    };
  }, [fetchList, loadFigures, t]);

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
      {list &&
        (phone ? (
          <OrderCards
            orders={list.orders}
            fresh={fresh}
            couriers={figures?.couriersSetUp ?? false}
            onChanged={(order) => {
              setList((current) => current && { ...current, orders: current.orders.map((row) => (row.id === order.id ? { ...row, status: order.status, version: order.version } : row)) });
              loadFigures();
            }}
            reload={reload}
          />
        ) : (
          <OrderTable orders={list.orders} fresh={fresh} />
        ))}
      {list?.nextCursor && (
        <button type="button" className={`${secondaryButton} self-center`} onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? t('admin.loading') : t('admin.orders.loadMore')}
        </button>
      )}
    </>
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('admin.orders.heading')}</h1>
        {/* An order taken by phone or message (issue 47). */}
        <Link to="/admin/orders/new" className={secondaryButton}>
          {t('admin.newOrder.heading')}
        </Link>
      </div>
      {/* On a phone the orders come first, as cards; the counters and filters after them (issue 46). */}
      {phone && (
        <section aria-labelledby={`${listId}-title`} className="flex flex-col gap-3">
          <h2 id={`${listId}-title`} className="text-lg font-semibold">
            {query === 'status=waiting' ? t('admin.dashboard.awaitingOwner') : t('admin.orders.filtered')}
          </h2>
          {orders}
        </section>
      )}
      <Dashboard figures={figures} current={query} />
      {phone ? (
        <details className="rounded-xl bg-white ring-1 ring-zinc-200">
          <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">{t('admin.filters.label')}</summary>
          <FilterForm key={query} filters={filters} onApply={(chosen) => setParams(filterQuery(chosen))} />
        </details>
      ) : (
        <FilterForm key={query} filters={filters} onApply={(chosen) => setParams(filterQuery(chosen))} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LiveNote state={live} />
        <a href={`/api/admin/orders.csv${query ? `?${query}` : ''}`} download className={secondaryButton}>
          {hasFilters(filters) ? t('admin.orders.downloadCsvFiltered') : t('admin.orders.downloadCsv')}
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
          <option value="waiting">{t('admin.dashboard.awaitingOwner')}</option>
          <option value="delivered_this_month">{t('admin.dashboard.deliveredThisMonth')}</option>
          <option value="overdue">{t('admin.filters.overdue')}</option>
          <option value="unconfirmed">{t('admin.filters.unconfirmed')}</option>
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
