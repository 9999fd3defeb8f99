import type { Dashboard } from '../../../domain/contracts/admin';
import { bucharestDay, shopClock, shopDay } from '../../../domain/locale';
import { useI18n } from '../../lib/i18n';
import { alarm, notice } from './dashboardStyles';

/** The jobs the dashboard watches (server/jobRounds.ts LATE_AFTER_MINUTES), as the owner knows them. */
const JOB_NAMES = {
  'mail outbox': 'admin.upkeep.job.mail_outbox',
  'invoice checks': 'admin.upkeep.job.invoice_checks',
  'ANAF reporting': 'admin.upkeep.job.ANAF_reporting',
  'parcel tracking': 'admin.upkeep.job.parcel_tracking',
} as const;

/**
 * The shop's upkeep on the dashboard (issue 48): when the last backup was made, and a warning when there is none yet,
 * the last failed, it is more than a day old or it stayed on this machine; and each background job that has not
 * finished a round for longer than it should.
 */
export function Upkeep({ upkeep }: { upkeep: Dashboard['housekeeping'] }) {
  const { t, locale } = useI18n();
  const when = (iso: string) => `${shopDay(bucharestDay(new Date(iso)), locale)}, ${shopClock(iso, locale)}`;
  const made = upkeep.lastMadeAt ? when(upkeep.lastMadeAt) : null;
  const warning = upkeep.backupWarning;
  return (
    <>
      {warning && (
        <p className={warning === 'offsite_failed' ? notice : alarm}>
          <strong>{t(`admin.upkeep.backup.${warning}`)}</strong> {[...(made ? [t('admin.upkeep.lastMade', { when: made })] : []), t('admin.upkeep.backupHelp')].join(' ')}
        </p>
      )}
      {!warning && upkeep.backupsOn && made && (
        <p className="mt-3 text-sm text-zinc-600">{[t('admin.upkeep.lastMade', { when: made }), ...(upkeep.lastBackup?.offsite === 'uploaded' ? [t('admin.upkeep.offsite')] : [])].join(' ')}</p>
      )}
      {upkeep.lateJobs.map((late) => (
        <p key={late.job} className={alarm}>
          <strong>{t('admin.upkeep.lateJob', { job: late.job in JOB_NAMES ? t(JOB_NAMES[late.job as keyof typeof JOB_NAMES]) : late.job })}</strong>{' '}
          {t('admin.upkeep.lateSince', { when: when(late.lastRoundAt) })}
        </p>
      ))}
    </>
  );
}
