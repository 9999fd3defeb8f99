import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { outbox } from '../../../db/schema/outbox';
import { type Mailer, type OutgoingMail, SMTP_CONNECTIONS } from '../../integrations/mail';
import { scrubText } from '../../logging';

export type OutboxRow = typeof outbox.$inferSelect;

export interface MailToSend {
  kind: string;
  recipient: string;
  orderId?: string;
  data?: Record<string, string>;
  language?: string;
}

/** Mails to send, written by the caller inside the transaction of the event they tell of (in one statement). */
export async function enqueueMail(tx: DbOrTx, ...mails: MailToSend[]): Promise<void> {
  await tx.insert(outbox).values(mails.map((mail) => ({ kind: mail.kind, recipient: mail.recipient, orderId: mail.orderId ?? null, data: mail.data ?? {}, language: mail.language ?? 'en' })));
}

/** A row whose mail can no longer be made (its order deleted, nobody to send it to): failed at once, not retried. */
export class UnsendableMail extends Error {}

/** Mails leased at once; a full batch means more may be due, and the loop goes on at once. */
export const MAIL_BATCH = 50;

/** How long a process may take to send what it leased before another process may take it over. */
export const LEASE_SECONDS = 120;
/** A mail still failing this long after it was written is given up and shown to the owner (MAIL_GIVE_UP_HOURS). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** Seconds before the next try after `attempts` failed ones: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Leases up to `limit` due mails to this process, oldest first. SKIP LOCKED lets several
 * processes lease at once without waiting for or taking each other's rows; the lease (not a held
 * transaction) keeps them this process's while it sends, so no transaction stays open during SMTP.
 */
export async function leaseDueMails(db: Db, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), sql`${outbox.nextAttemptAt} <= now()`, sql`(${outbox.leasedUntil} is null or ${outbox.leasedUntil} < now())`))
    .orderBy(outbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ leasedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
}

/** The Message-ID of a row: the same on every try, so a resend after a crash is recognisable. */
export function messageIdOf(row: Pick<OutboxRow, 'id' | 'createdAt'>, domain: string): string {
  return `<outbox-${row.id}.${row.createdAt.getTime()}@${domain}>`;
}

export interface Delivery {
  db: Db;
  mailer: Mailer;
  /** Renders a row into the mail to send (template, order, language), and to whom when not its recipient as written. */
  render(row: OutboxRow): Promise<Omit<OutgoingMail, 'messageId' | 'to'> & { to?: string }>;
  /** The domain of Message-IDs (the shop's host). */
  domain: string;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** How long after it was written a failing mail is given up; GIVE_UP_AFTER_MS unless given. */
  giveUpAfterMs?: number;
}

/**
 * Sends one batch of due mails; returns how many were sent and how many failed this time. A failed
 * mail is tried again later (retryDelaySeconds), and given up as `failed` a day after it was written.
 */
export async function deliverDueMails(delivery: Delivery, limit = MAIL_BATCH): Promise<{ sent: number; failed: number; leased: number }> {
  const rows = await leaseDueMails(delivery.db, limit);
  let sent = 0;
  let failed = 0;
  const sendOne = async (row: OutboxRow) => {
    try {
      const rendered = await delivery.render(row);
      const result = await delivery.mailer.send({ ...rendered, to: rendered.to ?? row.recipient, messageId: messageIdOf(row, delivery.domain) });
      await delivery.db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, leasedUntil: null, lastError: null }).where(eq(outbox.id, row.id));
      if (result.file) delivery.log.info({ mail: row.id, kind: row.kind, subject: rendered.subject, file: result.file }, 'mail written to a file (no SMTP_URL)');
      sent += 1;
    } catch (error) {
      failed += 1;
      const reason = scrubText(error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error)).slice(0, 500);
      const givingUp = error instanceof UnsendableMail || Date.now() - row.createdAt.getTime() >= (delivery.giveUpAfterMs ?? GIVE_UP_AFTER_MS);
      await delivery.db
        .update(outbox)
        .set({
          status: givingUp ? 'failed' : 'pending',
          leasedUntil: null,
          lastError: reason,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
        })
        .where(eq(outbox.id, row.id));
      delivery.log.warn({ mail: row.id, kind: row.kind, attempts: row.attempts, reason }, givingUp ? 'mail given up' : 'mail not sent; it will be tried again');
    }
  };
  // SMTP_CONNECTIONS at a time, each taking the next row when it is done.
  const queue = [...rows];
  await Promise.all(
    Array.from({ length: Math.min(SMTP_CONNECTIONS, queue.length) }, async () => {
      for (let row = queue.shift(); row; row = queue.shift()) await sendOne(row);
    }),
  );
  return { sent, failed, leased: rows.length };
}

/**
 * The delivery loop of one process: drains due mails in batches, then waits `intervalMs` (or less,
 * when `wake()` is called after a mail is written). Errors of the loop itself (database down) are
 * logged and the loop goes on. Returns stop(), which waits for the batch in flight.
 */
export function startDeliveryLoop(delivery: Delivery, intervalMs = 1000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  const running = (async () => {
    while (!stopped) {
      try {
        let batch = await deliverDueMails(delivery);
        while (!stopped && batch.leased === MAIL_BATCH && batch.sent > 0) batch = await deliverDueMails(delivery);
      } catch (error) {
        delivery.log.warn({ reason: scrubText(error instanceof Error ? error.message : String(error)) }, 'mail delivery loop could not run; trying again');
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, intervalMs);
      });
    }
  })();
  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wakeUp?.();
      await running;
    },
  };
}
