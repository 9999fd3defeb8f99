import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { backUpRunning } from '../../../db/backup';
import type { Db } from '../../../db/client';
import { backups } from '../../../db/schema/operations';
import { bucharestDay, SHOP_TIME_ZONE } from '../../../domain/locale';
import { pruneFolder, sendOff } from './offsite';
import type { Backups } from './settings';

/** A failed backup is tried again an hour after it began, three times a day at most; one that died midway, two hours after. */
const RETRY_AFTER = '1 hour';
const ABANDONED_AFTER = '2 hours';
const MOST_ATTEMPTS = 3;

const bucharestHour = (at: Date) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(at));

/**
 * The daily backup's round (server/jobs.ts): from BACKUP_HOUR (Bucharest) on, the day's backup is claimed (its row in
 * `backups`: one process makes it, however many run this), made into BACKUP_DIR, sent to the S3 storage when one is
 * set up, and the backups older than BACKUP_KEEP_DAYS removed from both. What happened is kept in the row the
 * dashboard reads; a failure is tried again an hour later.
 */
export async function backUpIfDue(db: Db, settings: Backups, log: { info(details: object, message: string): void; warn(details: object, message: string): void }, now = new Date()) {
  if (bucharestHour(now) < settings.hour) return 'not due';
  const day = bucharestDay(now);
  const [claimed] = await db
    .insert(backups)
    .values({ day, status: 'running', startedAt: now })
    .onConflictDoUpdate({
      target: backups.day,
      set: { status: 'running', attempts: sql`${backups.attempts} + 1`, startedAt: now, finishedAt: null, error: null, offsite: null },
      setWhere: sql`(${backups.status} = 'failed' and ${backups.startedAt} < ${now.toISOString()}::timestamptz - interval '${sql.raw(RETRY_AFTER)}' and ${backups.attempts} < ${MOST_ATTEMPTS})
        or (${backups.status} = 'running' and ${backups.startedAt} < ${now.toISOString()}::timestamptz - interval '${sql.raw(ABANDONED_AFTER)}')`,
    })
    .returning({ id: backups.id });
  if (!claimed) return 'not due';
  // `now` and the time the backup took: the moment it finished, on the clock `now` was read from.
  const began = Date.now();
  const finishedAt = () => new Date(now.getTime() + Date.now() - began);
  try {
    const made = await backUpRunning(settings.database, settings.dir, now);
    await pruneFolder(settings.dir, settings.keepDays, now);
    let offsite: { offsite: 'uploaded' | 'failed' | null; error: string | null } = { offsite: null, error: null };
    if (settings.s3) {
      const files = [made.file, `${made.file}.json`].filter((file) => existsSync(file));
      offsite = await sendOff(settings.s3, files, settings.keepDays, now).then(
        () => ({ offsite: 'uploaded' as const, error: null }),
        (error: Error) => ({ offsite: 'failed' as const, error: `sending it to the S3 storage failed: ${error.message}` }),
      );
    }
    await db
      .update(backups)
      .set({ status: 'done', finishedAt: finishedAt(), file: path.basename(made.file), bytes: made.bytes, ...offsite })
      .where(eq(backups.id, claimed.id));
    if (offsite.error) log.warn({ file: path.basename(made.file), reason: offsite.error }, 'backup made, not sent off the machine');
    else log.info({ file: path.basename(made.file), bytes: made.bytes, offsite: offsite.offsite ?? 'not set up' }, 'backup made');
    return 'done';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.update(backups).set({ status: 'failed', finishedAt: finishedAt(), error: reason }).where(eq(backups.id, claimed.id));
    log.warn({ reason }, 'backup failed; trying again in an hour');
    return 'failed';
  }
}
