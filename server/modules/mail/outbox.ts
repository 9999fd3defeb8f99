import { performance } from 'node:perf_hooks';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { outbox } from '../../../db/schema/outbox';
import type { Locale } from '../../../domain/locale';
import { type Mailer, type OutgoingMail, SMTP_CONNECTIONS } from '../../integrations/mail';
import { dueRows, leaseEnd, notLeased, renewWhileWorking } from '../../leases';
import { scrubText } from '../../logging';
import { everyFewSeconds, type WakeableRounds } from '../../rounds';

export type OutboxRow = typeof outbox.$inferSelect;

export interface MailToSend {
  kind: string;
  recipient: string;
  orderId?: string;
  data?: Record<string, string>;
  /** The language of a mail not about an order (a password reset); order mails are in the order's language, alerts in the owners'. */
  language?: Locale;
}

/** Mails to send, written by the caller inside the transaction of the event they tell of (in one statement). */
export async function enqueueMail(tx: DbOrTx, ...mails: MailToSend[]): Promise<void> {
  await tx.insert(outbox).values(mails.map((mail) => ({ kind: mail.kind, recipient: mail.recipient, orderId: mail.orderId ?? null, data: mail.data ?? {}, language: mail.language ?? 'en' })));
}

/** A row whose mail can no longer be made (its order deleted, nobody to send it to): failed at once, not retried. */
export class UnsendableMail extends Error {}

/**
 * Mails leased at once: as many as are sent at once, one per SMTP connection, so every row a process
 * holds is being sent (rendered, or on its way to the SMTP server). A process killed mid-send leaves
 * only those rows behind, the only ones that may then arrive twice; nothing waits leased behind them.
 * A full batch means more may be due, and the loop goes on at once.
 */
export const MAIL_BATCH = SMTP_CONNECTIONS;

/**
 * How long a lease lasts unless renewed. A process renews its leases every third of this while it
 * sends (however slow the SMTP server), so a lease runs out only when its process has died or is stuck:
 * its rows are then due again within this long, for any other process or the restarted one.
 * (docs/decisions/0013-mail-leases.md)
 */
export const LEASE_SECONDS = 15;
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
export async function leaseDueMails(db: Db, limit: number, leaseSeconds = LEASE_SECONDS): Promise<OutboxRow[]> {
  const due = dueRows(db, {
    id: outbox.id,
    from: outbox,
    where: and(eq(outbox.status, 'pending'), sql`${outbox.nextAttemptAt} <= now()`, notLeased(outbox.leasedUntil)),
    orderBy: outbox.id,
    limit,
  });
  return db
    .update(outbox)
    .set({ leasedUntil: leaseEnd(leaseSeconds), attempts: sql`${outbox.attempts} + 1` })
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
  /** LEASE_SECONDS unless a test shortens it. */
  leaseSeconds?: number;
  /** How long after it was written a failing mail is given up; GIVE_UP_AFTER_MS unless given. */
  giveUpAfterMs?: number;
}

/**
 * The heartbeat of a batch: every third of the lease, extends the leases of the rows still being sent
 * (`sending`: ids removed once each is marked sent or failed). Only a pending, leased row is extended,
 * so a row already marked (its lease cleared) is left as it is. A failed renewal is logged. Returns stop().
 */
function renewLeases(delivery: Delivery, sending: Set<number>, leaseSeconds: number): () => void {
  return renewWhileWorking(
    sending,
    (ids) =>
      delivery.db
        .update(outbox)
        .set({ leasedUntil: leaseEnd(leaseSeconds) })
        .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending'), isNotNull(outbox.leasedUntil))),
    (leaseSeconds * 1000) / 3,
    (error) => delivery.log.warn({ reason: scrubText(error instanceof Error ? error.message : String(error)) }, 'mail leases could not be renewed; trying again'),
  );
}

/**
 * Removes the mails sent before `before` (MAIL_KEEP_DAYS, issue 48), at most `limit` a call, in the caller's transaction;
 * returns what each was (which order, which kind, to whom, when sent) for the order's timeline to keep. Failed and
 * waiting mails stay.
 */
export async function forgetSentMails(tx: DbOrTx, before: Date, limit = 500) {
  const due = tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'sent'), lt(outbox.sentAt, before)))
    .limit(limit);
  return tx.delete(outbox).where(inArray(outbox.id, due)).returning({ orderId: outbox.orderId, kind: outbox.kind, recipient: outbox.recipient, sentAt: outbox.sentAt });
}

/** The mails whose address is forgotten once sent: the confirmations of an account deleted, of details erased (MAIL_KINDS). */
const ADDRESS_FORGOTTEN_ONCE_SENT: readonly string[] = ['account_deleted', 'details_erased'];

/**
 * Sends one batch of due mails; returns how many were sent and how many failed this time. A failed
 * mail is tried again later (retryDelaySeconds), and given up as `failed` a day after it was written.
 */
export async function deliverDueMails(delivery: Delivery, limit = MAIL_BATCH): Promise<{ sent: number; failed: number; leased: number }> {
  const leaseSeconds = delivery.leaseSeconds ?? LEASE_SECONDS;
  const rows = await leaseDueMails(delivery.db, limit, leaseSeconds);
  let sent = 0;
  let failed = 0;
  const sending = new Set(rows.map((row) => row.id));
  const sendOne = async (row: OutboxRow) => {
    try {
      const rendered = await delivery.render(row);
      const result = await delivery.mailer.send({ ...rendered, to: rendered.to ?? row.recipient, messageId: messageIdOf(row, delivery.domain) });
      // The confirmation that a person's data went is kept as sent, without their address (issue 48).
      const forget = ADDRESS_FORGOTTEN_ONCE_SENT.includes(row.kind) ? { recipient: '' } : {};
      await delivery.db
        .update(outbox)
        .set({ status: 'sent', sentAt: sql`now()`, leasedUntil: null, lastError: null, ...forget })
        .where(eq(outbox.id, row.id));
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
  // SMTP_CONNECTIONS at a time, each taking the next row when it is done (a caller's larger limit queues).
  const queue = [...rows];
  const stopRenewing = renewLeases(delivery, sending, leaseSeconds);
  try {
    await Promise.all(
      Array.from({ length: Math.min(SMTP_CONNECTIONS, queue.length) }, async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          await sendOne(row);
          sending.delete(row.id);
        }
      }),
    );
  } finally {
    stopRenewing();
  }
  return { sent, failed, leased: rows.length };
}

/** The pause processIsBusy watches between two batches. */
export const BUSY_PROBE_MS = 20;

/**
 * Whether the process is busy with other work (requests, above all) right now: the share of a
 * short pause that its event loop spent working, above one half. Mails are rendered by the process
 * that takes orders, on the same core; they give way to requests (docs/decisions/0015-mail-gives-way.md).
 */
export async function processIsBusy(probeMs = BUSY_PROBE_MS): Promise<boolean> {
  const before = performance.eventLoopUtilization();
  await new Promise((resolve) => setTimeout(resolve, probeMs));
  return performance.eventLoopUtilization(before).utilization > 0.5;
}
/**
 * The delivery loop of one process (on rounds.ts): drains due mails in batches every `intervalMs` (or at once, when
 * `wake()` is called after a mail is written; a wake during a batch is kept: the next round starts right after it).
 * Between batches it checks that the process is not busy: while requests keep it busy it sends one batch (MAIL_BATCH
 * mails) per interval, a few percent of its time, and the rest once it is quiet. Errors of the loop itself (database
 * down) are logged and the next round tries again. stop() waits for the batch in flight.
 */
export function startDeliveryLoop(delivery: Delivery, intervalMs = 1000, busy: () => Promise<boolean> = processIsBusy): WakeableRounds {
  return everyFewSeconds(
    async (state) => {
      let batch = await deliverDueMails(delivery);
      while (!state.stopping && batch.leased === MAIL_BATCH && batch.sent > 0 && !(await busy())) batch = await deliverDueMails(delivery);
    },
    intervalMs,
    (error) => delivery.log.warn({ reason: scrubText(error instanceof Error ? error.message : String(error)) }, 'mail delivery loop could not run; trying again'),
  );
}
