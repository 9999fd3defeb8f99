import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The daily backups (server/modules/backups/schedule.ts): one row a day (Bucharest), claimed by the process that makes
 * it, so that several processes make one; the dashboard reads the last (issue 48).
 */
export const backups = pgTable(
  'backups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The day (Bucharest) it is the backup of. */
    day: date('day').notNull().unique(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The backup's file in BACKUP_DIR (its name only). */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Sent to the S3 storage (BACKUP_S3_*): `uploaded`, `failed`, or null when none is set up. */
    offsite: text('offsite', { enum: ['uploaded', 'failed'] }),
    /** Why it failed (or why sending it off failed): the error's message, never data. */
    error: text('error'),
  },
  (t) => [check('backups_status', sql`${t.status} in ('running', 'done', 'failed')`)],
);

/**
 * When each background job (server/jobs.ts) last finished a round, in any process: the dashboard warns of a job that
 * has not for longer than it should. Written at most once a minute per process (server/jobRounds.ts).
 */
export const jobRounds = pgTable('job_rounds', {
  job: text('job').primaryKey(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
});
