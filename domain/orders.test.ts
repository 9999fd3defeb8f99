import { describe, expect, it } from 'vitest';
import {
  becameStatus,
  canRefundMove,
  canTransition,
  canWithdrawalMove,
  isOrderStatus,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  OWNER_STATUS_TARGETS,
  REFUND_STATUSES,
  type RefundStatus,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
  withdrawalStatusAfterReceipt,
} from './orders';

/** Written out by hand, not derived from ORDER_TRANSITIONS: a change to the rules must change this list too. */
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['pending', 'confirmed'], // the owner phoned the customer
  ['pending', 'paid'], // the customer paid by card instead, from the order mail (issue 47)
  ['pending', 'cancelled'],
  ['confirmed', 'shipped'],
  ['confirmed', 'paid'],
  ['confirmed', 'cancelled'],
  ['awaiting_payment', 'paid'],
  ['awaiting_payment', 'cancelled'],
  ['paid', 'shipped'],
  ['paid', 'cancelled'],
  ['shipped', 'delivered'],
  ['shipped', 'returned'], // the parcel was refused
];

const FORBIDDEN: [OrderStatus, OrderStatus][] = [
  ['pending', 'shipped'], // not before the owner confirmed it with the customer
  ['confirmed', 'delivered'],
  ['confirmed', 'returned'], // only a shipped parcel comes back
  ['returned', 'shipped'],
  ['returned', 'cancelled'],
  ['delivered', 'returned'], // a return after delivery is a withdrawal, not a refused parcel
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
  it('are the eight the shop uses, in this order', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'confirmed', 'awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled', 'returned']);
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

  it('make delivered, cancelled and returned final', () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransition('delivered', to)).toBe(false);
      expect(canTransition('cancelled', to)).toBe(false);
      expect(canTransition('returned', to)).toBe(false);
    }
  });

  it('let the owner set every status but paid, which only Stripe sets', () => {
    expect([...OWNER_STATUS_TARGETS].sort()).toEqual(ORDER_STATUSES.filter((status) => status !== 'paid' && ORDER_STATUSES.some((from) => canTransition(from, status))).sort());
  });
});

describe('order transitions', () => {
  it.each(ALLOWED)('allow %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each(FORBIDDEN)('refuse %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('allow exactly the listed moves and nothing else', () => {
    const allowed = new Set(ALLOWED.map(([from, to]) => `${from}→${to}`));
    const actual = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(new Set(actual)).toEqual(allowed);
    expect(actual).toHaveLength(12);
  });
});

describe('becameStatus', () => {
  it('is a move to the status, not an event that leaves the order in it (a withdrawal request), nor the placing in another', () => {
    expect(becameStatus({ from: 'shipped', to: 'delivered' }, 'delivered')).toBe(true);
    expect(becameStatus({ from: null, to: 'pending' }, 'pending')).toBe(true);
    expect(becameStatus({ from: 'delivered', to: 'delivered' }, 'delivered')).toBe(false);
    expect(becameStatus({ from: 'confirmed', to: 'shipped' }, 'delivered')).toBe(false);
  });
});

describe('a withdrawal’s statuses', () => {
  /** By hand, as the order's: every move a withdrawal may make. */
  const allowed: [WithdrawalStatus, WithdrawalStatus][] = [
    ['requested', 'returning'], // a return AWB, or the customer sends the goods themselves
    ['requested', 'received_part'], // the goods came before the owner said how
    ['requested', 'received'],
    ['returning', 'received_part'],
    ['returning', 'received'],
    ['received_part', 'received'], // the rest arrived
  ];

  it('move only as written, and received is final', () => {
    for (const from of WITHDRAWAL_STATUSES) {
      for (const to of WITHDRAWAL_STATUSES) {
        expect(canWithdrawalMove(from, to), `${from} → ${to}`).toBe(allowed.some(([a, b]) => a === from && b === to));
      }
    }
    expect(canWithdrawalMove('received_part', 'returning')).toBe(false);
    expect(canWithdrawalMove('received', 'received_part')).toBe(false);
  });

  it('follow the units received: some make it received in part, all make it received, none leave it', () => {
    const two = (received: number, other: number) => [
      { quantity: 2, received },
      { quantity: 1, received: other },
    ];
    expect(withdrawalStatusAfterReceipt('returning', two(0, 0))).toBe('returning');
    expect(withdrawalStatusAfterReceipt('requested', two(0, 1))).toBe('received_part');
    expect(withdrawalStatusAfterReceipt('returning', two(1, 1))).toBe('received_part');
    expect(withdrawalStatusAfterReceipt('received_part', two(2, 1))).toBe('received');
  });
});

describe('a refund’s statuses', () => {
  it('go due → sent → paid for a card (sent → due when Stripe fails it), due → paid for a bank transfer, and never back from paid', () => {
    const allowed: [RefundStatus, RefundStatus][] = [
      ['due', 'sent'],
      ['due', 'paid'],
      ['sent', 'paid'],
      ['sent', 'due'],
    ];
    for (const from of REFUND_STATUSES) {
      for (const to of REFUND_STATUSES) expect(canRefundMove(from, to), `${from} → ${to}`).toBe(allowed.some(([a, b]) => a === from && b === to));
    }
  });
});
