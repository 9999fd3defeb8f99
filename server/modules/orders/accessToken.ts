import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an order's guest page (/orders/:id?token=…): an HMAC of the order id under the
 * shop's secret, so it needs no storage, cannot be guessed from the id, and stays valid as long as
 * AUTH_SECRET does. It shows the order's status and lines, nothing that would let anyone change it.
 */
export function orderAccessToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-page:${orderId}`).digest('base64url').slice(0, 32);
}

export function isOrderAccessToken(secret: string, orderId: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(orderAccessToken(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
