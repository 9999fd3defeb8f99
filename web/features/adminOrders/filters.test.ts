import { describe, expect, it } from 'vitest';
import { filterQuery, filtersFrom, matchesFilters } from './filters';

describe('the list’s filters', () => {
  it('read from the URL only what is valid, and write back only what is set', () => {
    const filters = filtersFrom(new URLSearchParams('status=shipped&from=2026-11-01&to=nope&q=%20ana%20&extra=1'));
    expect(filters).toEqual({ status: 'shipped', from: '2026-11-01', q: 'ana' });
    expect(filterQuery(filters)).toBe('status=shipped&from=2026-11-01&q=ana');
    expect(filtersFrom(new URLSearchParams('status=lost'))).toEqual({});
    expect(filtersFrom(new URLSearchParams('status=overdue'))).toEqual({ status: 'overdue' });
  });

  it('let a live order into the list when it matches status and days, never under a search or among overdue shipments', () => {
    expect(matchesFilters({}, { status: 'pending' }, '2026-11-23')).toBe(true);
    expect(matchesFilters({ status: 'confirmed' }, { status: 'pending' }, '2026-11-23')).toBe(false);
    expect(matchesFilters({ from: '2026-11-24' }, { status: 'pending' }, '2026-11-23')).toBe(false);
    expect(matchesFilters({ to: '2026-11-23' }, { status: 'pending' }, '2026-11-23')).toBe(true);
    expect(matchesFilters({ q: 'ana' }, { status: 'pending' }, '2026-11-23')).toBe(false);
    // Shipped just now is not overdue: the server says which are.
    expect(matchesFilters({ status: 'overdue' }, { status: 'shipped' }, '2026-11-23')).toBe(false);
  });

  it('let a live order into the counters’ lists: waiting for the owner while new, confirmed or paid; delivered this month never', () => {
    expect(filtersFrom(new URLSearchParams('status=waiting'))).toEqual({ status: 'waiting' });
    for (const status of ['pending', 'confirmed', 'paid'] as const) expect(matchesFilters({ status: 'waiting' }, { status }, '2026-11-23')).toBe(true);
    for (const status of ['shipped', 'cancelled', 'awaiting_payment'] as const) expect(matchesFilters({ status: 'waiting' }, { status }, '2026-11-23')).toBe(false);
    // Delivered now is this month's, but the server says which were delivered when.
    expect(matchesFilters({ status: 'delivered_this_month' }, { status: 'delivered' }, '2026-11-23')).toBe(false);
  });
});
