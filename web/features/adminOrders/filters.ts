import { isOrderStatus, type OrderStatus } from '../../../domain/orders';

/** The list's filters, as they are in the page's URL and in the API's query string. */
export interface OrderFilters {
  status?: OrderStatus;
  from?: string;
  to?: string;
  q?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFrom(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const q = params.get('q')?.trim() ?? '';
  return {
    ...(isOrderStatus(status) ? { status } : {}),
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
 * Whether an order the live stream brings belongs in the list as filtered. A search is the
 * server's to judge: with one, new orders are counted but not shown until the list is reloaded.
 */
export function matchesFilters(filters: OrderFilters, order: { status: OrderStatus }, day: string): boolean {
  if (filters.q) return false;
  if (filters.status && order.status !== filters.status) return false;
  if (filters.from && day < filters.from) return false;
  if (filters.to && day > filters.to) return false;
  return true;
}
