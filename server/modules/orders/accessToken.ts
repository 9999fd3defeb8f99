import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an order's guest page (/orders/:id?token=…): an HMAC of the order id under the
 * shop's secret, so it needs no storage, cannot be guessed from the id, and stays valid as long as
 * AUTH_SECRET does. It shows the order's status and lines, nothing that would let anyone change it.
 */
export function orderAccessToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-page:${orderId}`).digest('base64url').slice(0, 32);
}

/** Whether `given` is `expected`, compared in constant time. */
function sameKey(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export const isOrderAccessToken = (secret: string, orderId: string, token: string | undefined): boolean => sameKey(orderAccessToken(secret, orderId), token);

/**
 * The key of a cash order's "Confirm my order" link in its mail (issue 47): an HMAC of the order id under the shop's
 * secret, for that use only (not the order page's token, which changes nothing). The link's page acts only on its
 * button's POST: mail scanners and link previews open links.
 */
export function orderConfirmKey(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-confirm:${orderId}`).digest('base64url').slice(0, 32);
}

/** The key of its "Pay now by card instead" link (issue 47): the same, for that use only. */
export function orderPrepayKey(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-prepay:${orderId}`).digest('base64url').slice(0, 32);
}

export const isOrderConfirmKey = (secret: string, orderId: string, key: string | undefined): boolean => sameKey(orderConfirmKey(secret, orderId), key);

export const isOrderPrepayKey = (secret: string, orderId: string, key: string | undefined): boolean => sameKey(orderPrepayKey(secret, orderId), key);
