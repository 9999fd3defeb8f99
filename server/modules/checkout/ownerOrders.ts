import type { OwnerOrderRequest } from '../../../domain/checkout';
import { contactKeys } from '../../../domain/codRisk';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { AppError } from '../../errors';
import { STRIPE_MINIMUM_CHARGE } from '../../integrations/stripe';
import type { SignedInUser } from '../accounts/service';
import { queuePayLinkMail } from '../mail/service';
import { orderForOwner } from '../orders/ownerOrder';
import { placeOrder } from '../orders/place';
import { lockerForOrder } from '../shipping/lockers';
import { belowCardMinimum, type Checkout } from './service';

/**
 * An order the owner takes in the back office for a customer who ordered by phone or message (issue 47), under the
 * storefront's rules: the same request and checks (lines, colours and prices looked up, the code, the county, postal
 * code and phone, the most an order may total), its stock taken in its transaction, its timeline saying the owner placed
 * it. Cash on delivery is an order like a visitor's (its mails, a contact refused cash refused again); card is placed
 * awaiting its payment, its goods put aside, and its customer mailed the pay link (paid: the order's mails and its
 * invoice, as a card order's; unpaid after OWNER_PAY_LINK_DAYS: cancelled, its stock given back). A visitor's order
 * limits (per connection and contact) are not counted: the owner is not a visitor. Answers the order as the back office
 * shows it; a replay of its idempotency key answers the order placed first.
 */
export async function placeOwnerOrder(checkout: Checkout, { order: request, locale }: OwnerOrderRequest, owner: SignedInUser): Promise<AdminOrder> {
  const card = request.paymentMethod === 'card';
  if (card && !checkout.cardOffered) throw new AppError('bad_request', { id: 'error.checkout.cardUnavailable' }, 'payment_method_unavailable');
  const placed = await checkout.db.transaction(async (tx) => {
    const locker = request.lockerId ? await lockerForOrder(tx, checkout.shipping, request.lockerId, request.paymentMethod) : undefined;
    const order = await placeOrder(tx, request, {
      actor: 'owner',
      actorUserId: owner.id,
      status: card ? 'awaiting_payment' : 'pending',
      locale,
      locker,
      maxTotal: checkout.orderLimits.maxTotal,
      freeShipping: card && checkout.payments.prepayFreeShipping,
      refuseCashFrom: card ? undefined : contactKeys(request),
    });
    if (order.replayed) return order;
    if (order.cashRefused) throw new AppError('conflict', { id: 'admin.newOrder.cashRefused' }, 'cod_not_offered');
    if (card && order.totals.total < STRIPE_MINIMUM_CHARGE) throw belowCardMinimum();
    if (card) await queuePayLinkMail(tx, { id: order.id, email: request.email });
    return order;
  });
  return orderForOwner(checkout.db, placed.id);
}
