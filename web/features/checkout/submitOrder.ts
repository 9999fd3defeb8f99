import type { OrderRequest } from '../../../domain/checkout';
import { placedOrderSchema } from '../../../domain/contracts/orders';
import { orderFailureMessage } from '../../../domain/messages';
import { ApiError, apiRequest } from '../../lib/api';
import { currentAttribution } from '../../lib/attribution';
import type { Translate } from '../../lib/i18n';
import { isDiscountRefusal } from './discount';

/** What the browser sends; the county as the form holds it (its code, checked by the server). */
export type OrderPayload = Omit<OrderRequest, 'idempotencyKey' | 'county'> & { county: string };

export interface OrderFailure {
  /** The spec's alert text (section 8). */
  message: string;
  /** The server's own explanation of a problem with the request, when it gave one. */
  detail?: string;
  /** The shop takes no cash on delivery for this order (card only, or the shop's contact): the payment step says so. */
  cashRefused?: boolean;
  /** The discount code no longer applies (used up meanwhile, say): the payment step takes it off, the order can go without it. */
  discountRefused?: boolean;
}

/** A random key per checkout attempt; getRandomValues works on plain-HTTP installs too. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The placed order; a card order also carries the Stripe Checkout page to send the visitor to. */
export function submitOrder(payload: OrderPayload, idempotencyKey: string) {
  // Where the visit came from (issue 49): the tab's first and last touch, from its session storage.
  return apiRequest('/orders', placedOrderSchema, { method: 'POST', body: JSON.stringify({ ...payload, attribution: currentAttribution(), idempotencyKey }) });
}

/**
 * Spec 8's card-path texts; any refusal of the order (a product sold out meanwhile, say) gets the server's
 * explanation below the spec's text, as cash does.
 */
export function describeCardFailure(error: unknown, t: Translate): OrderFailure {
  if (isDiscountRefusal(error)) return discountRefusal(error, t('message.cardPaymentError'), t);
  if (error instanceof ApiError && error.status === 502) return { message: t('message.stripeSessionFailed') };
  const message = t('message.cardPaymentError');
  return error instanceof ApiError && error.status < 500 ? { message, detail: error.message } : { message };
}

/** Spec 8's alert, in the page's language; the server's explanation (already in the visitor's language) below it. */
export function describeOrderFailure(error: unknown, t: Translate): OrderFailure {
  if (isDiscountRefusal(error)) return discountRefusal(error, t('message.orderDefaultError'), t);
  if (error instanceof ApiError) {
    const message = t(orderFailureMessage({ message: error.message }));
    const failure: OrderFailure = error.status < 500 && error.message !== message ? { message, detail: error.message } : { message };
    return error.code === 'cod_not_offered' ? { ...failure, cashRefused: true } : failure;
  }
  // fetch rejects only when the request never got an answer.
  return { message: t(orderFailureMessage({ message: String(error), networkFailure: true })) };
}

/**
 * The discount code was refused as the order was placed (the server checks it again): spec 8's alert, then the
 * refusal's own message (the server's, in the visitor's language) and that the order was not placed and can go again
 * without the code.
 */
function discountRefusal(error: ApiError, message: string, t: Translate): OrderFailure {
  return { message, detail: `${error.message} ${t('checkout.discount.orderRefused')}`, discountRefused: true };
}
