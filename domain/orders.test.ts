import { describe, expect, it } from 'vitest';
import { assertTransition, canTransition, isOrderStatus, ORDER_STATUSES, ORDER_TRANSITIONS, OrderTransitionError, type OrderStatus } from './orders';

/** Written out by hand, not derived from ORDER_TRANSITIONS: a change to the rules must change this list too. */
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['pending', 'shipped'],
  ['pending', 'cancelled'],
  ['awaiting_payment', 'paid'],
  ['awaiting_payment', 'cancelled'],
  ['paid', 'shipped'],
  ['paid', 'cancelled'],
  ['shipped', 'delivered'],
];

const FORBIDDEN: [OrderStatus, OrderStatus][] = [
  ['pending', 'paid'], // cash on delivery is never paid by card
  ['pending', 'delivered'], // not without being shipped
  ['awaiting_payment', 'shipped'], // not before it is paid
  ['paid', 'awaiting_payment'], // a paid order never goes back
  ['shipped', 'cancelled'], // on its way: a return, not a cancellation
  ['delivered', 'cancelled'],
  ['delivered', 'shipped'],
  ['cancelled', 'paid'], // a late payment does not revive a cancelled order
  ['cancelled', 'pending'],
  ['paid', 'paid'], // staying put is not a move
];

describe('order statuses', () => {
  it('are the six the shop uses, in this order', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled']);
    expect(isOrderStatus('awaiting_payment')).toBe(true);
    expect(isOrderStatus('refunded')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });

  it('each have an entry in the transitions, and lead only to known statuses', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const target of targets) expect(ORDER_STATUSES).toContain(target);
    }
  });

  it('make delivered and cancelled final', () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransition('delivered', to)).toBe(false);
      expect(canTransition('cancelled', to)).toBe(false);
    }
  });
});

describe('order transitions', () => {
  it.each(ALLOWED)('allow %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it.each(FORBIDDEN)('refuse %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(() => assertTransition(from, to)).toThrow(OrderTransitionError);
    expect(() => assertTransition(from, to)).toThrow(`An order cannot go from ${from} to ${to}.`);
  });

  it('allow exactly the listed moves and nothing else', () => {
    const allowed = new Set(ALLOWED.map(([from, to]) => `${from}→${to}`));
    const actual = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(new Set(actual)).toEqual(allowed);
    expect(actual).toHaveLength(7);
  });
});
