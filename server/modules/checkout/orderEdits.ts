import type { OrderEdit } from '../../../domain/checkout';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { AppError } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { editOrder, editRefundToAsk, recordEditRefund } from '../orders/edit';
import { orderForOwner } from '../orders/ownerOrder';
import { refundPayment } from '../payments/service';
import type { Checkout } from './service';

/**
 * What an edit left owed to a paid card order's card, refunded through Stripe, once: asked outside any lock with a key
 * of what was refunded before (asked again, Stripe answers with the same refund), then recorded. Nothing owed: nothing
 * asked.
 */
export async function refundEdit(checkout: Pick<Checkout, 'db' | 'payments'>, id: string, owner: SignedInUser): Promise<void> {
  const ask = await editRefundToAsk(checkout.db, id);
  if (!ask) return;
  let answer: Awaited<ReturnType<typeof refundPayment>>;
  try {
    answer = await refundPayment(checkout.payments, ask);
  } catch (failure) {
    if (failure instanceof AppError) throw failure;
    throw new AppError('unavailable', { id: 'admin.error.stripeRefundFailed' }, 'stripe_failed', 30, failure);
  }
  await recordEditRefund(checkout.db, id, ask, answer, owner);
}

/**
 * The owner's edit of an order before its AWB (issue 47, orders/edit.ts), and for a paid card order that now comes to
 * less, the difference refunded to the card. Should Stripe fail, the edit stands and its refund stays owed: the order's
 * page offers it again (POST /api/admin/orders/:id/edit-refund).
 */
export async function editOrderAsOwner(checkout: Checkout, id: string, edit: OrderEdit, owner: SignedInUser): Promise<AdminOrder> {
  const owed = await editOrder(checkout.db, id, edit, owner, { invoicing: checkout.invoicing ?? null, maxTotal: checkout.orderLimits.maxTotal });
  if (owed) await refundEdit(checkout, id, owner).catch(() => undefined);
  return orderForOwner(checkout.db, id);
}
