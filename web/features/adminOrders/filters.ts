import { ORDER_LIST_STATUSES, type OrderListStatus } from '../../../domain/contracts/admin';
import { AWAITING_OWNER_STATUSES, type OrderStatus } from '../../../domain/orders';

/** The list's filters, as they are in the page's URL and in the API's query string. */
export interface OrderFilters {
  /** A status, or `overdue` (shipped too long ago: the server judges which). */
  status?: OrderListStatus;
  from?: string;
  to?: string;
  q?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isListStatus = (value: string | null): value is OrderListStatus => (ORDER_LIST_STATUSES as readonly (string | null)[]).includes(value);

export function filtersFrom(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = params.get('q')?.trim() ?? '';
  return {
    ...(isListStatus(status) ? { status } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
    ...(q ? { q: q.slice(0, 100) } : {}),
  };
}

/** "status=pending&q=ana": the filters that are set, for the URL and the API. */
export function filterQuery(filters: OrderFilters): string {
  return new URLSearchParams(Object.entries(filters).filter(([, value]) => value) as [string, string][]).toString();
}

export const hasFilters = (filters: OrderFilters) => filterQuery(filters) !== '';

/**
 * Whether an order the live stream brings belongs in the list as filtered. A search, whether a shipment is overdue,
 * when an order was delivered and how long a cash order has waited for its customer's confirmation are the server's to judge: new orders are counted but not shown until the list is reloaded.
 */
export function matchesFilters(filters: OrderFilters, order: { status: OrderStatus }, day: string): boolean {
  if (filters.q || filters.status === 'overdue' || filters.status === 'delivered_this_month' || filters.status === 'unconfirmed') return false;
  if (filters.status === 'waiting') {
    if (!(AWAITING_OWNER_STATUSES as readonly string[]).includes(order.status)) return false;
  } else if (filters.status && order.status !== filters.status) return false;
  if (filters.from && day < filters.from) return false;
  if (filters.to && day > filters.to) return false;
  return true;
}
