/**
 * The shop's mails that are not about an order the customer placed (a review request, a cart reminder) go only to
 * addresses that did not ask for no more, and each carries a link to ask it in one step (Legea 506/2004; Gmail's and
 * Yahoo's one-click unsubscribe, RFC 8058). An address that asked is kept in mail_opt_outs.
 */
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { mailOptOuts } from '../../../db/schema/optOuts';
import { linkKey, sameKey } from '../../signedKeys';

const normal = (email: string) => email.trim().toLowerCase();

/** The key of an address's unsubscribe link: server/signedKeys.ts's HMAC of the lower-cased address. */
const unsubscribeKey = (secret: string, email: string) => linkKey('unsubscribe', secret, normal(email));

export const isUnsubscribeKey = (secret: string, email: string, key: string | undefined): boolean => sameKey(unsubscribeKey(secret, email), key);

/**
 * An address's two unsubscribe links: `page`, the shop's page with its button (the mail's footer), and `oneClick`,
 * which a mail program POSTs `List-Unsubscribe=One-Click` to (the mail's List-Unsubscribe header).
 */
export function unsubscribeUrls(shopUrl: string, secret: string, email: string): { page: string; oneClick: string } {
  const query = `email=${encodeURIComponent(normal(email))}&key=${unsubscribeKey(secret, email)}`;
  return { page: `${shopUrl}/unsubscribe?${query}`, oneClick: `${shopUrl}/api/unsubscribe?${query}` };
}

/** A WHERE condition: the address (a column or an expression) did not unsubscribe. */
export const notOptedOut = (email: SQL | Column): SQL => sql`not exists (select 1 from ${mailOptOuts} where ${mailOptOuts.email} = lower(${email}))`;

export async function isOptedOut(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ at: mailOptOuts.at })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.email, normal(email)));
  return row !== undefined;
}

/** Records that the address wants no more such mails; once (a second click changes nothing). */
export async function optOut(db: DbOrTx, email: string): Promise<void> {
  await db
    .insert(mailOptOuts)
    .values({ email: normal(email) })
    .onConflictDoNothing();
}
