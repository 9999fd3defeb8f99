import type { AdminOrder } from '../../../domain/contracts/admin';
import { AppError } from '../../errors';
import type { StripeRefundInfo } from '../../integrations/stripe';
import type { SignedInUser } from '../accounts/service';
import { orderForOwner } from '../orders/ownerOrder';
import { type CardRefundNews, cardRefundToAsk, recordCardRefund } from '../orders/refunds';
import { refundPayment } from '../payments/service';
import type { Checkout } from './service';

/** What the orders module is told of a Stripe refund: its id, its status, and which of the shop's refunds it pays. */
export const cardRefundNews = (refund: StripeRefundInfo): CardRefundNews => ({ stripeRefundId: refund.id, status: refund.status, refundId: refund.metadata.refundId });

/**
 * The owner refunds a card order's returned goods (issue 45): exactly the credited amount, to the card through
 * Stripe, keyed by the credit note (a double click or a retry asks Stripe twice with one key and gets one refund).
 * Asked outside any lock; Stripe's answer is then recorded (paid if it succeeded, else sent, for its webhook to settle).
 */
export async function refundToCard(checkout: Pick<Checkout, 'db' | 'payments'>, refundId: string, owner: SignedInUser): Promise<AdminOrder> {
  const { orderId, ask } = await cardRefundToAsk(checkout.db, refundId);
  if (!ask) return orderForOwner(checkout.db, orderId);
  let answer: StripeRefundInfo;
  try {
    answer = await refundPayment(checkout.payments, ask);
  } catch (failure) {
    if (failure instanceof AppError) throw failure;
    throw new AppError('unavailable', { id: 'admin.error.stripeRefundFailed' }, 'stripe_failed', 30, failure);
  }
  return recordCardRefund(checkout.db, refundId, cardRefundNews(answer), owner);
}
