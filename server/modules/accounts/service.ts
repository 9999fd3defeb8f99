import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts';
import type { Db } from '../../../db/client';
import { AppError } from '../../errors';
import { countHits, pruneExpiredCountersNowAndThen, type Hit, type Limit } from '../../rateLimits';
import type { Auth } from './auth';

export interface SignedInUser {
  id: string;
  email: string;
}

/** The visitor's account, from their session cookie; null for a guest or an ended session. */
export async function signedInUser(auth: Auth, headers: IncomingHttpHeaders): Promise<SignedInUser | null> {
  // Most shoppers are guests: without a session cookie there is nothing to look up.
  if (!headers.cookie?.includes('session_token')) return null;
  const found = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  return found ? { id: found.user.id, email: found.user.email } : null;
}

export const ATTEMPTS_PER_MINUTE = 10;

/**
 * Counts one sign-in or sign-up attempt per IP address and per email in a fixed one-minute window,
 * shared by every process (server/rateLimits.ts). Throws a 429 when either is over the limit.
 */
export async function limitAttempts(db: Db, attempt: { endpoint: string; ip: string; email?: string }, max = ATTEMPTS_PER_MINUTE): Promise<void> {
  await pruneExpiredCountersNowAndThen(db);
  const limit = (kind: string): Limit => ({ name: `${attempt.endpoint}:${kind}`, max, windowSeconds: 60 });
  const hits: Hit[] = [{ limit: limit('ip'), value: attempt.ip }];
  if (attempt.email !== undefined) hits.push({ limit: limit('email'), value: attempt.email.trim().toLowerCase() });
  const refused = await countHits(db, hits);
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((refusal) => refusal.retryAfter));
    throw new AppError('too_many_requests', ACCOUNT_MESSAGES.tooManyAttempts, 'rate_limited', retryAfter);
  }
}
