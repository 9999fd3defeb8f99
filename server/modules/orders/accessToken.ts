import { AppError } from '../../errors';
import { linkKey, sameKey } from '../../signedKeys';

/** An order's key for one use (`purpose`): server/signedKeys.ts's HMAC of its id. */
const orderKey = (purpose: string, secret: string, orderId: string) => linkKey(purpose, secret, orderId);

/**
 * The token of an order's guest page (/orders/:id?token=…): an HMAC of the order id under the
 * shop's secret, so it needs no storage, cannot be guessed from the id, and stays valid as long as
 * AUTH_SECRET does. It shows the order's status and lines, nothing that would let anyone change it.
 */
export const orderAccessToken = (secret: string, orderId: string): string => orderKey('order-page', secret, orderId);

export const isOrderAccessToken = (secret: string, orderId: string, token: string | undefined): boolean => sameKey(orderAccessToken(secret, orderId), token);

/**
 * The key of a cash order's "Confirm my order" link in its mail (issue 47): the same kind of HMAC, for that use only
 * (not the order page's token, which changes nothing). The link's page acts only on its button's POST: mail scanners
 * and link previews open links.
 */
export const orderConfirmKey = (secret: string, orderId: string): string => orderKey('order-confirm', secret, orderId);

/** The key of its "Pay now by card instead" link (issue 47): the same, for that use only. */
export const orderPrepayKey = (secret: string, orderId: string): string => orderKey('order-prepay', secret, orderId);

/**
 * The key of the review link in the mail asking for a review of a delivered order (issue 49): the same kind of HMAC,
 * for that use only. It lets the order's customer review its lines and nothing else.
 */
export const orderReviewKey = (secret: string, orderId: string): string => orderKey('order-review', secret, orderId);

export const isOrderReviewKey = (secret: string, orderId: string, key: string | undefined): boolean => sameKey(orderReviewKey(secret, orderId), key);

export const isOrderConfirmKey = (secret: string, orderId: string, key: string | undefined): boolean => sameKey(orderConfirmKey(secret, orderId), key);

export const isOrderPrepayKey = (secret: string, orderId: string, key: string | undefined): boolean => sameKey(orderPrepayKey(secret, orderId), key);

/** A link's key, checked for its use (`isKey`): a key of another order, or altered, finds no order (404). */
export function assertOrderKey(isKey: typeof isOrderConfirmKey, secret: string, orderId: string, key: string | undefined): void {
  if (!isKey(secret, orderId, key)) throw new AppError('not_found', { id: 'error.order.noSuchOrder' });
}
