import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters (sign-in and sign-up attempts, orders placed), shared by every process: an
 * in-memory limiter would give each process its own allowance. A key is "<limit>:<hash of the
 * address, email or phone>", so the table holds no personal data in clear. Expired rows are
 * deleted now and then by expiry, hence the index.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    // The default is the sign-in limit's one-minute window: what rows written by a process still on
    // the code before this column (during a rolling update) mean.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().default(sql`now() + interval '1 minute'`),
  },
  (t) => [index('rate_limits_expires_at_idx').on(t.expiresAt)],
);
