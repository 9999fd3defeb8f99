import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { user, verification } from '../../../db/schema/accounts';
import { RESET_LINK_MINUTES } from '../../../domain/accounts';
import type { Locale } from '../../../domain/locale';
import { countHits, type Limit, pruneExpiredCountersNowAndThen, refuseOverLimit } from '../../rateLimits';
import { queuePasswordResetMail } from '../mail/service';

/** Per address asking: a few mistyped tries a minute. */
export const RESET_REQUESTS_PER_IP: Limit = { name: 'password-reset:ip', max: 10, windowSeconds: 60 };
/** Per account address, whoever asks: a person needs one link, two at most; nobody can fill a mailbox with them. */
export const RESET_REQUESTS_PER_EMAIL: Limit = { name: 'password-reset:email', max: 3, windowSeconds: 60 * 60 };

/**
 * better-auth's reset flow finds a link's token as a verification row named `reset-password:<token>`
 * holding the account's id; it checks the expiry, consumes the row (one use) and sets the password
 * (POST /api/auth/reset-password). The row is written here, not by better-auth's own request
 * endpoint, so that it and its mail are one transaction (issue 12: a reset request never exists
 * without its mail, nor a mail without its request).
 */
const identifierOf = (token: string) => `reset-password:${token}`;

/**
 * Sends a reset link to `email` if an account uses it. The caller answers the same either way, and
 * the limits count every request (an unknown address too), so neither tells whether it has an account.
 */
export async function requestPasswordReset(db: Db, request: { email: string; ip: string; locale: Locale }): Promise<void> {
  const email = request.email.trim().toLowerCase();
  await pruneExpiredCountersNowAndThen(db);
  const refused = await countHits(db, [
    { limit: RESET_REQUESTS_PER_IP, value: request.ip },
    { limit: RESET_REQUESTS_PER_EMAIL, value: email },
  ]);
  refuseOverLimit(
    refused,
    (over) => (over.some((refusal) => refusal.limit === RESET_REQUESTS_PER_EMAIL) ? { id: 'message.account.tooManyResetRequests' } : { id: 'message.account.tooManyAttempts' }),
    'rate_limited',
  );

  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email));
    if (!account) return;
    const token = randomBytes(24).toString('base64url');
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: identifierOf(token),
      value: account.id,
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    });
    await queuePasswordResetMail(tx, { email: account.email, token, locale: request.locale });
  });
}

/**
 * Once a link has reset the password, the account's other links end too (better-auth consumes only the one
 * used): a link in an older mail, forwarded or left in a shared mailbox, cannot reset it again.
 */
export async function endResetLinks(db: Db, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, `${identifierOf('')}%`), eq(verification.value, userId)));
}

/** The address of the account a reset link is for, while the link is still good; null otherwise. */
export async function accountOfResetLink(db: Db, token: string): Promise<string | null> {
  const [found] = await db
    .select({ email: user.email })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(and(eq(verification.identifier, identifierOf(token)), gt(verification.expiresAt, sql`now()`)));
  return found?.email ?? null;
}
