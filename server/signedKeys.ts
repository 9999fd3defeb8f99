import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A signed link's key for one use (`purpose`) of one thing (`value`: an order's id, an address): an HMAC under the
 * shop's secret, 32 characters. It needs no storage, cannot be guessed, and stays valid as long as AUTH_SECRET does.
 */
export const linkKey = (purpose: string, secret: string, value: string): string => createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url').slice(0, 32);

/** Whether `given` is `expected`, compared in constant time. */
export function sameKey(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}
