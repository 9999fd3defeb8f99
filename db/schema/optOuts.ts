import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The addresses that asked for no more of the shop's mails that are not about an order they placed (review requests,
 * cart reminders: Legea 506/2004), from the unsubscribe link every such mail carries (server/modules/mail/optOut.ts).
 * Kept as long as the shop writes such mails: it is what keeps them from being written again.
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    /** Lower-cased. */
    email: text('email').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('mail_opt_outs_lower', sql`${t.email} = lower(${t.email})`)],
);
