import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client';
import { session, twoFactor, user } from '../../../db/schema/accounts';
import type { Role } from '../../../domain/accounts';
import { AppError } from '../../errors';
import { countHits, type Hit, type Limit, pruneExpiredCountersNowAndThen, refuseOverLimit } from '../../rateLimits';
import type { Auth } from './auth';
import { isCommonPassword } from './commonPasswords';

export interface SignedInUser {
  id: string;
  email: string;
  role: Role;
  /** Signs in with a second factor (an authenticator app's code). */
  twoFactor: boolean;
}

/** The visitor's account, from their session cookie; null for a guest or an ended session. */
export async function signedInUser(auth: Auth, headers: IncomingHttpHeaders): Promise<SignedInUser | null> {
  // Most shoppers are guests: without a session cookie there is nothing to look up.
  if (!headers.cookie?.includes('session_token')) return null;
  const found = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  return found ? { id: found.user.id, email: found.user.email, role: found.user.role === 'owner' ? 'owner' : 'customer', twoFactor: found.user.twoFactorEnabled === true } : null;
}

export const OWNER_ONLY_MESSAGES = {
  signIn: { id: 'admin.error.signIn' },
  ownerOnly: { id: 'admin.error.ownerOnly' },
  otherOrigin: { id: 'admin.error.otherOrigin' },
  twoFactorFirst: { id: 'admin.error.twoFactorFirst' },
} as const;

/**
 * The back office's gate: the signed-in owner, or 401 for a visitor and 403 for a customer or an owner without
 * two-factor sign-in. A
 * request that changes something must also come from one of the shop's own origins, the same
 * check better-auth makes for sign-in, so another site cannot act with the owner's cookie.
 */
export async function requireOwner(auth: Auth, request: { method: string; headers: IncomingHttpHeaders }, origins: readonly string[]): Promise<SignedInUser> {
  const user = await signedInUser(auth, request.headers);
  if (!user) throw new AppError('unauthorized', OWNER_ONLY_MESSAGES.signIn);
  if (user.role !== 'owner') throw new AppError('forbidden', OWNER_ONLY_MESSAGES.ownerOnly);
  // The back office holds every customer's address and the money's controls: an owner signs in with a second factor,
  // set up at their first visit (web/features/accounts/TwoFactorSetup.tsx), before any of it is shown (issue 48).
  if (!user.twoFactor) throw new AppError('forbidden', OWNER_ONLY_MESSAGES.twoFactorFirst, 'two_factor_required');
  const changes = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
  if (changes && !origins.includes(request.headers.origin ?? '')) throw new AppError('forbidden', OWNER_ONLY_MESSAGES.otherOrigin, 'invalid_origin');
  return user;
}

/**
 * Keeps a scope (the back office's API, registered under /api/admin) for the shop's owners: its onRequest hook
 * checks who asks (requireOwner: 401 for a visitor, 403 for a customer or a change from another site) before
 * anything of the request is read or validated, so nobody else learns what a body or an id should look like, nor
 * gets to send 5 MB. Returns the owner of a request in the scope.
 */
export function ownersOnly(app: FastifyInstance, auth: Auth, origins: readonly string[]): (request: FastifyRequest) => SignedInUser {
  const owners = new WeakMap<FastifyRequest, SignedInUser>();
  app.addHook('onRequest', async (request) => {
    owners.set(request, await requireOwner(auth, request, origins));
  });
  return (request) => owners.get(request)!;
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
  refuseOverLimit(await countHits(db, hits), { id: 'message.account.tooManyAttempts' }, 'rate_limited');
}

/** An owner's password is longer than a customer's minimum: the back office holds every customer's address. */
export const OWNER_PASSWORD_MIN_LENGTH = 10;

/**
 * Makes `email` an owner: promotes an existing account (its password unchanged), or creates one
 * with `password` through better-auth (so it signs in like any account).
 */
export async function makeOwner(db: Db, auth: Auth, account: { email: string; password?: string }): Promise<'created' | 'promoted' | 'already_owner'> {
  const email = account.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  if (existing) {
    if (existing.role === 'owner') return 'already_owner';
    await setRole(db, existing.id, 'owner');
    return 'promoted';
  }
  if (!account.password) throw new AppError('bad_request', { id: 'admin.error.noAccountGivePassword', values: { email } });
  if (account.password.length < OWNER_PASSWORD_MIN_LENGTH) {
    throw new AppError('bad_request', { id: 'admin.error.ownerPasswordTooShort', values: { min: OWNER_PASSWORD_MIN_LENGTH } });
  }
  if (await isCommonPassword(account.password)) throw new AppError('bad_request', { id: 'message.account.passwordTooCommon' }, 'password_too_common');
  const created = await auth.api.signUpEmail({ body: { email, password: account.password, name: email.split('@')[0]! } });
  await setRole(db, created.user.id, 'owner');
  return 'created';
}

/** Gives an account a role; false when there is no such account. */
export async function setRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const updated = await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId)).returning({ id: user.id });
  return updated.length > 0;
}

/**
 * `npm run admin -- reset-2fa` (scripts/admin.ts): turns an account's two-factor sign-in off (its authenticator secret and
 * backup codes deleted) and ends its sessions, for an owner who lost both phone and backup codes. False: no such account.
 */
export async function resetTwoFactor(db: Db, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .update(user)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .returning({ id: user.id });
    if (!found) return false;
    await tx.delete(twoFactor).where(eq(twoFactor.userId, found.id));
    await tx.delete(session).where(eq(session.userId, found.id));
    return true;
  });
}
