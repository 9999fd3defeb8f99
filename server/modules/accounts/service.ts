import { sql } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts';
import type { Db } from '../../../db/client';
import { rateLimits } from '../../../db/schema/accounts';
import { AppError } from '../../errors';
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
const WINDOW_SECONDS = 60;

/**
 * Counts one attempt under each key (say the IP address and the email) in a fixed one-minute
 * window, atomically in the database so every process shares the count. Throws a 429 when any
 * key is over the limit.
 */
export async function limitAttempts(db: Db, keys: string[], limit = ATTEMPTS_PER_MINUTE): Promise<void> {
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${WINDOW_SECONDS})`;
  let retryAfter = 0;
  for (const key of keys) {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        secondsLeft: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int`,
      });
    if (row && row.count > limit) retryAfter = Math.max(retryAfter, row.secondsLeft, 1);
  }
  if (retryAfter > 0) throw new AppError('too_many_requests', ACCOUNT_MESSAGES.tooManyAttempts, 'rate_limited', retryAfter);
}
