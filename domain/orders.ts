/**
 * Order statuses and the moves between them: pure rules, shared by the server (which refuses any
 * other change), the database (a CHECK constraint lists exactly these statuses) and the web app.
 */
/** Cash on delivery, or card through Stripe Checkout. */
export const PAYMENT_METHODS = ['cod', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_STATUSES = ['pending', 'awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled'] as const;

/**
 * pending: cash on delivery, to be shipped · awaiting_payment: a card order sent to Stripe ·
 * paid · shipped · delivered · cancelled.
 */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order may go from each status. `satisfies` makes a status added to ORDER_STATUSES
 * fail the type check until it has an entry here. delivered and cancelled are final.
 */
export const ORDER_TRANSITIONS = {
  pending: ['shipped', 'cancelled'],
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/** The statuses an order is placed in: cash on delivery, a card order from the cart, a paid single-product purchase. */
export type NewOrderStatus = Extract<OrderStatus, 'pending' | 'awaiting_payment' | 'paid'>;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Whether an order in `from` may move to `to` (staying where it is is not a move). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[from] as readonly OrderStatus[]).includes(to);
}

export class OrderTransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order cannot go from ${from} to ${to}.`);
    this.name = 'OrderTransitionError';
  }
}

/** Throws OrderTransitionError unless an order in `from` may move to `to`. */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new OrderTransitionError(from, to);
}
