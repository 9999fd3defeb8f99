import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { backups } from '../../../db/schema/operations';
import type { Dashboard } from '../../../domain/contracts/admin';
import { lateJobs } from '../../jobRounds';
import type { AnafReporting } from '../invoices/reportingSettings';
import type { Shipping } from '../shipping/couriers';

/** The last backup made may be a day old, and an hour more while the day's is being made. */
const STALE_AFTER_MS = 25 * 3_600_000;

/**
 * The dashboard's upkeep (domain/contracts/admin.ts housekeepingSchema): the last backup and its warning, and the
 * watched jobs (jobRounds.ts) that are late among those that run for this shop: the mail outbox and invoice checks
 * always, ANAF reporting when it is set up, parcel tracking with a courier.
 */
export async function housekeeping(db: Db, shop: { backupsOn: boolean; anaf: AnafReporting | null; shipping: Shipping }, now = new Date()): Promise<Dashboard['housekeeping']> {
  const expected = ['mail outbox', 'invoice checks', ...(shop.anaf ? ['ANAF reporting'] : []), ...(shop.shipping.couriers.size > 0 ? ['parcel tracking'] : [])];
  const [[last], [made], late] = await Promise.all([
    db.select().from(backups).orderBy(desc(backups.startedAt)).limit(1),
    db.select({ finishedAt: backups.finishedAt, offsite: backups.offsite }).from(backups).where(eq(backups.status, 'done')).orderBy(desc(backups.finishedAt)).limit(1),
    lateJobs(db, expected, now),
  ]);
  const lastMadeAt = made?.finishedAt ?? null;
  let backupWarning: Dashboard['housekeeping']['backupWarning'] = null;
  if (shop.backupsOn) {
    if (last?.status === 'failed') backupWarning = 'failed';
    else if (!lastMadeAt) backupWarning = last?.status === 'running' ? null : 'none_yet';
    else if (lastMadeAt.getTime() < now.getTime() - STALE_AFTER_MS) backupWarning = 'stale';
    else if (made?.offsite === 'failed') backupWarning = 'offsite_failed';
  }
  return {
    backupsOn: shop.backupsOn,
    lastBackup: last ? { status: last.status, at: (last.finishedAt ?? last.startedAt).toISOString(), file: last.file, offsite: last.offsite } : null,
    lastMadeAt: lastMadeAt?.toISOString() ?? null,
    backupWarning,
    lateJobs: late,
  };
}
