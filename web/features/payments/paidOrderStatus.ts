import type { CheckoutSessionStatus } from '../../../domain/contracts/payments';
import type { ShopMessageId } from '../../../locales/messages';
import { ORDER_STATUS_LABELS } from '../../lib/orderStatus';

/**
 * The status /success shows for the order a paid session pays (spec: default 'Completed'), as the
 * catalogue's key. Stripe has just said the session is paid, so an order our webhook has not yet
 * marked paid reads "Paid" too; an order further along says where it is.
 */
export function paidOrderStatusLabel(order: CheckoutSessionStatus['order']): ShopMessageId {
  if (!order) return 'payment.completed';
  return order.status === 'awaiting_payment' ? ORDER_STATUS_LABELS.paid : ORDER_STATUS_LABELS[order.status];
}
