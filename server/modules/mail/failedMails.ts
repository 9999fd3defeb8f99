import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { outbox } from '../../../db/schema/outbox';
import type { FailedMailList, ResentMail } from '../../../domain/contracts/admin';
import { AppError } from '../../errors';
import { MAIL_KINDS, OWNERS, resetLinkExpired } from './service';

/** The most failed mails the back office lists at once (the newest); the total says how many there are. */
export const FAILED_MAILS_SHOWN = 200;

const failed = eq(outbox.status, 'failed');

/** How many mails were given up: the dashboard's figure (on the partial index outbox_failed_idx). */
export async function countFailedMails(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(failed);
  return row?.n ?? 0;
}

/** The mails given up after their retries, newest first, with the order each tells of. */
export async function listFailedMails(db: Db, limit = FAILED_MAILS_SHOWN): Promise<FailedMailList> {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: outbox.id,
        kind: outbox.kind,
        recipient: outbox.recipient,
        orderId: orders.id,
        orderNumber: orders.number,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .leftJoin(orders, eq(orders.id, outbox.orderId))
      .where(failed)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit),
    countFailedMails(db),
  ]);
  return {
    mails: rows.map(({ orderId, orderNumber, recipient, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      recipient: recipient === OWNERS ? null : recipient,
      order: orderId !== null && orderNumber !== null ? { id: orderId, number: orderNumber } : null,
    })),
    total,
  };
}

/**
 * "Send again": a failed mail goes back to pending, due now, with its tries counted afresh and no
 * lease, so the next delivery run (within a second, in any process) sends it under its own
 * Message-ID. Only a failed mail: 404 for an unknown one, 409 for one sent or already queued again
 * (two owners pressing at once queue it once).
 */
export async function resendMail(db: Db, id: number): Promise<ResentMail> {
  const [reset] = await db
    .select({ createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.kind, MAIL_KINDS.passwordReset)));
  if (reset && resetLinkExpired(reset)) throw new AppError('conflict', { id: 'admin.error.resetLinkExpired' }, 'reset_link_expired');
  const [queued] = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, leasedUntil: null })
    .where(and(eq(outbox.id, id), failed))
    .returning({ id: outbox.id });
  if (queued) return { id: queued.id, status: 'pending' };
  const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  if (!row) throw new AppError('not_found', { id: 'admin.error.noSuchMail' });
  throw new AppError('conflict', row.status === 'sent' ? { id: 'admin.error.mailSent' } : { id: 'admin.error.mailQueued' }, row.status === 'sent' ? 'mail_sent' : 'mail_queued');
}
