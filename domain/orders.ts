/**
 * Order statuses and the moves between them: pure rules, shared by the server (which refuses any
 * other change), the database (a CHECK constraint lists exactly these statuses) and the web app.
 */
/** Cash on delivery, or card through Stripe Checkout. */
export const PAYMENT_METHODS = ['cod', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_STATUSES = ['pending', 'confirmed', 'awaiting_payment', 'paid', 'shipped', 'delivered', 'cancelled', 'returned'] as const;

/**
 * pending: a cash-on-delivery order, new · confirmed: the owner phoned the customer ·
 * awaiting_payment: a card order sent to Stripe · paid · shipped: handed to a carrier, with its
 * tracking number · delivered (for cash on delivery: cash collected) · cancelled (with a reason) ·
 * returned: the parcel was refused or sent back.
 */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order may go from each status. `satisfies` makes a status added to ORDER_STATUSES
 * fail the type check until it has an entry here. delivered, cancelled and returned are final.
 * Cash on delivery: pending → confirmed → shipped → delivered; card: awaiting_payment → paid →
 * shipped → delivered. Not yet shipped: cancelled; shipped: delivered or returned. A cash order not yet shipped becomes
 * paid when its customer pays it by card instead, from the order mail's link (issue 47; Stripe only).
 */
export const ORDER_TRANSITIONS = {
  pending: ['confirmed', 'paid', 'cancelled'],
  confirmed: ['shipped', 'paid', 'cancelled'],
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered', 'returned'],
  delivered: [],
  cancelled: [],
  returned: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/** Statuses the owner sets by hand; paid comes from Stripe only. */
export const OWNER_STATUS_TARGETS = ['confirmed', 'shipped', 'delivered', 'cancelled', 'returned'] as const satisfies readonly OrderStatus[];
export type OwnerStatusTarget = (typeof OWNER_STATUS_TARGETS)[number];

/** Statuses whose goods are out of stock's reach: entering one puts the order's quantities back. */
export const RESTOCKING_STATUSES = ['cancelled', 'returned'] as const satisfies readonly OrderStatus[];

/** Orders that wait for the owner to act: new cash orders to phone, confirmed and paid ones to ship. */
/** Where an order is done with: its customer's details may be erased (they are needed while it is on its way). */
export const FINISHED_STATUSES = ['delivered', 'cancelled', 'returned'] as const satisfies readonly OrderStatus[];

export const AWAITING_OWNER_STATUSES = ['pending', 'confirmed', 'paid'] as const satisfies readonly OrderStatus[];

/**
 * How long an order the owner placed with a card pay link (issue 47) waits for its payment, its goods put aside: unpaid
 * after this many days, it is cancelled and its stock given back.
 */
export const OWNER_PAY_LINK_DAYS = 3;

/** Who made a change in an order's timeline. */
export const ORDER_ACTORS = ['customer', 'owner', 'stripe', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** The statuses an order is placed in: cash on delivery, a card order from the cart, a paid single-product purchase. */
export type NewOrderStatus = Extract<OrderStatus, 'pending' | 'awaiting_payment' | 'paid'>;

/**
 * Whether a timeline event moved its order to `status`: an event from a status to itself (a withdrawal request)
 * does not. The server's SQL twin is orders/received.ts' `became`.
 */
export function becameStatus(event: { from: OrderStatus | null; to: OrderStatus }, status: OrderStatus): boolean {
  return event.to === status && event.from !== status;
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Whether an order in `from` may move to `to` (staying where it is is not a move). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[from] as readonly OrderStatus[]).includes(to);
}

/** How each status reads in the back office (the customer's wording is the web app's). */
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

/**
 * A withdrawal's own life (issue 45, decision 0038), beside its order's status: an order stays *delivered* (or
 * wherever it was) while some or all of its products come back, and one order may see two withdrawals of different
 * products. requested: the customer's statement reached the shop · returning: the goods are on their way back (a
 * return AWB the shop ordered, or the customer sends them themselves) · received_part: some of its units arrived ·
 * received: all of them.
 */
export const WITHDRAWAL_STATUSES = ['requested', 'returning', 'received_part', 'received'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Where a withdrawal may go from each status: the goods may arrive before the owner says how they come back; received is final. */
export const WITHDRAWAL_TRANSITIONS = {
  requested: ['returning', 'received_part', 'received'],
  returning: ['received_part', 'received'],
  received_part: ['received'],
  received: [],
} as const satisfies Record<WithdrawalStatus, readonly WithdrawalStatus[]>;

/** Whether a withdrawal in `from` may move to `to` (staying where it is, a second part arriving, is not a move). */
export function canWithdrawalMove(from: WithdrawalStatus, to: WithdrawalStatus): boolean {
  return (WITHDRAWAL_TRANSITIONS[from] as readonly WithdrawalStatus[]).includes(to);
}

/** What a withdrawal's units received so far make it: received when all of them came back, received_part when some. */
export function withdrawalStatusAfterReceipt(current: WithdrawalStatus, units: { quantity: number; received: number }[]): WithdrawalStatus {
  const received = units.reduce((sum, unit) => sum + unit.received, 0);
  if (received === 0) return current;
  return received >= units.reduce((sum, unit) => sum + unit.quantity, 0) ? 'received' : 'received_part';
}

/**
 * A refund's life, one per credit note of returned goods: due (credited, the money not yet sent back) · sent (a card
 * refund asked of Stripe, not yet confirmed by its webhook; back to due when Stripe says it failed) · paid (Stripe's
 * charge.refunded, or the owner recorded the bank transfer).
 */
export const REFUND_STATUSES = ['due', 'sent', 'paid'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A bank transfer is recorded straight as paid; a card refund goes through Stripe first, and is due again if it fails. paid is final. */
export const REFUND_TRANSITIONS = {
  due: ['sent', 'paid'],
  sent: ['paid', 'due'],
  paid: [],
} as const satisfies Record<RefundStatus, readonly RefundStatus[]>;

export function canRefundMove(from: RefundStatus, to: RefundStatus): boolean {
  return (REFUND_TRANSITIONS[from] as readonly RefundStatus[]).includes(to);
}
