import type { OrderStatus } from '../../domain/orders';

/** How an order's status reads to its customer. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Received, pay on delivery',
  confirmed: 'Confirmed, being prepared',
  awaiting_payment: 'Awaiting card payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

export const orderDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
