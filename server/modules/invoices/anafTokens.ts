import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { anafConnection } from '../../../db/schema/invoices';
import { type AnafClient, AnafError, type AnafTokens } from '../../integrations/anaf/client';
import { leaseEnd, notLeased } from '../../leases';

/**
 * The shop's sign-in to ANAF: its tokens, kept encrypted in the database (AES-256-GCM under ANAF_TOKEN_KEY, or a key
 * derived from AUTH_SECRET), shared by every process, and refreshed before the access token ends. ANAF's refresh
 * token rotates (each refresh gives a new one and ends the old), so one process at a time refreshes: the others wait
 * for its tokens, never refresh with a token it has just used up.
 */

/** Encrypts and decrypts the stored tokens. */
export interface TokenCipher {
  seal(text: string): string;
  open(sealed: string): string;
}

/** The tokens' cipher: its key from ANAF_TOKEN_KEY when set, else derived (HKDF) from AUTH_SECRET for this use alone. */
export function tokenCipher(secret: string): TokenCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'concealment-shop', 'anaf-tokens', 32));
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('Not a sealed ANAF token.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** The access token is refreshed this long before it ends (it lasts about 90 days). */
export const REFRESH_BEFORE_DAYS = 10;
/** How long one process has to refresh before another may try. */
const REFRESH_LEASE_SECONDS = 60;

/** Keeps the tokens of a new sign-in (the owner `by`), in place of any before. */
export async function saveSignIn(db: Db, cipher: TokenCipher, tokens: AnafTokens, by: string): Promise<void> {
  const row = {
    accessToken: cipher.seal(tokens.accessToken),
    refreshToken: cipher.seal(tokens.refreshToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
    connectedAt: new Date(),
    connectedBy: by,
    refreshingUntil: null,
    problem: null,
  };
  await db
    .insert(anafConnection)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: anafConnection.id, set: row });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An access token to call ANAF with: the stored one while it has more than REFRESH_BEFORE_DAYS left, else (or when
 * `rejected`, the token ANAF has just refused) a refreshed one. Of several processes needing a refresh at once one
 * refreshes (it takes the row's lease in one statement); the others wait for its tokens, at most a few seconds.
 */
export async function accessToken(db: Db, cipher: TokenCipher, client: AnafClient, rejected?: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const [row] = await db.select().from(anafConnection);
    if (!row) throw new AnafError('unauthorized', 'The shop is not signed in to ANAF.');
    if (row.problem) throw new AnafError('unauthorized', row.problem);
    const current = cipher.open(row.accessToken);
    const fresh = row.accessExpiresAt.getTime() - Date.now() > REFRESH_BEFORE_DAYS * 86_400_000;
    if (fresh && current !== rejected) return current;
    // Take the refresh, unless another process has it; on the row as read (another's refresh changes its token).
    const [taken] = await db
      .update(anafConnection)
      .set({ refreshingUntil: leaseEnd(REFRESH_LEASE_SECONDS) })
      .where(sql`${anafConnection.id} = 1 and ${anafConnection.accessToken} = ${row.accessToken} and ${notLeased(anafConnection.refreshingUntil)}`)
      .returning({ refreshToken: anafConnection.refreshToken });
    if (!taken) {
      // Another process is refreshing (or has just refreshed): its tokens, once there; the current one meanwhile if good.
      if (attempt > 0 && fresh && current !== rejected) return current;
      await sleep(250);
      continue;
    }
    try {
      const tokens = await client.refresh(cipher.open(taken.refreshToken));
      await db
        .update(anafConnection)
        .set({
          accessToken: cipher.seal(tokens.accessToken),
          refreshToken: cipher.seal(tokens.refreshToken),
          accessExpiresAt: tokens.accessExpiresAt,
          refreshExpiresAt: tokens.refreshExpiresAt,
          refreshingUntil: null,
        })
        .where(eq(anafConnection.id, 1));
      return tokens.accessToken;
    } catch (error) {
      const signInEnded = error instanceof AnafError && error.kind === 'unauthorized';
      await db
        .update(anafConnection)
        .set({ refreshingUntil: null, ...(signInEnded ? { problem: 'ANAF no longer takes the shop’s sign-in: sign in to ANAF again.' } : {}) })
        .where(eq(anafConnection.id, 1));
      throw error;
    }
  }
  throw new AnafError('unavailable', 'Another process is still refreshing the ANAF sign-in.');
}

/** How long the owner has to sign in at ANAF once they set out (the certificate's PIN, the browser's choice…). */
const SIGN_IN_MINUTES = 15;

const signInMac = (secret: string, ownerId: string, until: number) => createHmac('sha256', secret).update(`anaf-sign-in:${ownerId}:${until}`).digest('base64url');

/** The OAuth `state` of an owner's sign-in: it comes back with ANAF's code, and only for that owner, for a while. */
export function signInState(secret: string, ownerId: string, now = Date.now()): string {
  const until = now + SIGN_IN_MINUTES * 60_000;
  return `${until}.${signInMac(secret, ownerId, until)}`;
}

/** Whether `state` is the one this owner set out with, still in time. */
export function isSignInState(secret: string, ownerId: string, state: string, now = Date.now()): boolean {
  const [until, mac] = state.split('.');
  if (!until || !mac || !/^\d+$/.test(until) || Number(until) < now) return false;
  const expected = Buffer.from(signInMac(secret, ownerId, Number(until)));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
