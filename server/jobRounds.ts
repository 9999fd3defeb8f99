import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRounds } from '../db/schema/operations';

/**
 * When each background job last finished a round (server/jobs.ts reports them), kept in `job_rounds` for the dashboard,
 * which warns of a job that has not for longer than it should (issue 48).
 */

/** The jobs the dashboard watches, and after how many minutes without a finished round it warns of each. */
export const LATE_AFTER_MINUTES: Readonly<Record<string, number>> = {
  'mail outbox': 10,
  'invoice checks': 15,
  'ANAF reporting': 30,
  'parcel tracking': 30,
};

/** A process writes what its jobs finished this often, not at every round (the mail outbox's is every second). */
export const WRITE_ROUNDS_EVERY_MS = 60_000;

/** Writes the rounds finished since the last write: each job's latest, never moving one back (another process's may be later). */
export async function writeRounds(db: Db, finished: Map<string, Date>): Promise<void> {
  const rows = [...finished].filter(([job]) => job in LATE_AFTER_MINUTES).map(([job, finishedAt]) => ({ job, finishedAt }));
  finished.clear();
  if (rows.length === 0) return;
  await db
    .insert(jobRounds)
    .values(rows)
    .onConflictDoUpdate({ target: jobRounds.job, set: { finishedAt: sql`greatest(${jobRounds.finishedAt}, excluded.finished_at)` } });
}

/** The watched jobs among `expected` whose last finished round is older than their limit, with when it was. */
export async function lateJobs(db: Db, expected: string[], now = new Date()): Promise<{ job: string; lastRoundAt: string }[]> {
  const watched = expected.filter((job) => job in LATE_AFTER_MINUTES);
  if (watched.length === 0) return [];
  const rows = await db.select().from(jobRounds).where(inArray(jobRounds.job, watched));
  return rows.filter((row) => row.finishedAt.getTime() < now.getTime() - LATE_AFTER_MINUTES[row.job]! * 60_000).map((row) => ({ job: row.job, lastRoundAt: row.finishedAt.toISOString() }));
}
