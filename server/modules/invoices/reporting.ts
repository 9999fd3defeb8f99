import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { type AnafState, anafConnection, invoices } from '../../../db/schema/invoices';
import { bucharestDay } from '../../../domain/locale';
import { AnafError, anafZipContents, documentId } from '../../integrations/anaf/client';
import { dueRows, leaseEnd, notLeased, renewWhileWorking } from '../../leases';
import { countHits } from '../../rateLimits';
import { everyFewSeconds, type Rounds } from '../../rounds';
import { accessToken } from './anafTokens';
import type { AnafReporting, InvoiceRefused } from './reportingSettings';

/**
 * Reporting every valid invoice and credit note to ANAF's RO e-Factura, never twice (decision 0033):
 * - `unsent` → `uploading`: the upload's start is written before the upload is made, so a process that dies or
 *   times out after ANAF took it leaves a trace; ANAF's index is written as soon as it answers (`sent`);
 * - `uploading` (no answer came, or ANAF's technical error or 204): looked for among ANAF's messages
 *   (listaMesajePaginatieFactura: an accepted invoice whose index no invoice has, downloaded and matched by its own
 *   number) before it may be uploaded again, and only an hour on;
 *   a second upload that still meets the first is answered `nok` "Factura a mai fost transmisa anterior cu index=…",
 *   and the first's index is taken from it;
 * - `sent`: stareMesaj, first after a minute and then ever less often (at most hourly, within ANAF's 100 calls a
 *   message a day), until `ok` or `nok`; then ANAF's ZIP (the invoice and its signature, or its errors) is kept.
 * Runs in every process, several at once: each takes a few due invoices for a while (a lease, SKIP LOCKED), as the
 * mail outbox does; a 429 or a day's quota puts the invoice (and the round) off until ANAF says, and the calls of
 * every process are counted against ANAF's 1,000 a minute.
 */

/** How long a process has the invoices it reports (an upload and a few downloads take well under this). */
export const REPORT_LEASE_SECONDS = 300;
/** How often each process looks for invoices to report. */
export const REPORT_EVERY_MS = 30_000;
/** Invoices one process takes at once. */
const BATCH = 10;
/** An upload with no answer is looked for among ANAF's messages after this long, and uploaded again after an hour. */
export const LOOK_FOR_LOST_UPLOAD_SECONDS = 120;
export const UPLOAD_AGAIN_AFTER_MS = 60 * 60_000;
/** ANAF allows 1,000 calls a minute. */
export const ANAF_CALLS_A_MINUTE = 1000;
/** ANAF allows 100 status calls a message a day. */
export const STATUS_CALLS_A_DAY = 100;
/** "Factura a mai fost transmisa anterior cu index=5000000001 …": ANAF's answer to a second upload of an invoice. */
const ALREADY_SENT = /Factura a mai fost transmisa anterior cu index=(\d+)/;

/** Seconds before the next status call after `calls` of them: 1 min, 2, 4 … at most an hour. */
export function statusDelaySeconds(calls: number): number {
  return Math.min(60 * 2 ** Math.max(0, calls - 1), 3600);
}

type Taken = Awaited<ReturnType<typeof takeDue>>[number] & { lease: string };

/** Leases up to `limit` due invoices (checked and valid, not yet ok or nok) to this process, under one lease id. */
async function takeDue(db: Db, limit: number, lease: string, leaseSeconds: number) {
  const due = dueRows(db, {
    id: invoices.id,
    from: invoices,
    where: and(
      inArray(invoices.anafState, ['unsent', 'uploading', 'sent']),
      sql`${invoices.anafNextAt} <= now()`,
      sql`${invoices.checkedAt} is not null and jsonb_array_length(${invoices.problems}) = 0`,
      notLeased(invoices.anafLeaseUntil),
    ),
    orderBy: invoices.anafNextAt,
    limit,
  });
  return db
    .update(invoices)
    .set({ anafLeaseUntil: leaseEnd(leaseSeconds), anafLeaseId: lease })
    .where(inArray(invoices.id, due))
    .returning({
      id: invoices.id,
      kind: invoices.kind,
      documentId: invoices.documentId,
      xml: invoices.xml,
      state: invoices.anafState,
      uploadIndex: invoices.anafUploadIndex,
      uploadStartedAt: invoices.anafUploadStartedAt,
      statusDay: invoices.anafStatusDay,
      statusCalls: invoices.anafStatusCalls,
    });
}

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** The invoice, while it is still in state `from` under this process's lease: what every write of the job requires. */
const stillOurs = (invoice: Taken, from: AnafState) => and(eq(invoices.id, invoice.id), eq(invoices.anafLeaseId, invoice.lease), eq(invoices.anafState, from));

/**
 * Writes where an invoice now stands and gives it back (its lease ends), only while it is still in state `from` (the
 * state the process took it in, by default) under this process's lease; false when another process has it now (this
 * one was too slow for its lease), which then writes nothing more about it.
 */
async function save(db: Db, invoice: Taken, changes: Partial<typeof invoices.$inferInsert>, from: AnafState = invoice.state, refused?: InvoiceRefused): Promise<boolean> {
  const write = async (tx: DbOrTx) => {
    const [written] = await tx
      .update(invoices)
      .set({ ...changes, anafLeaseUntil: null, anafLeaseId: null })
      .where(stillOurs(invoice, from))
      .returning({ orderId: invoices.orderId });
    // A refusal tells the owners (AnafReporting.refused) in the transaction that records it.
    if (written && changes.anafState === 'nok') await refused?.(tx, written.orderId);
    return written !== undefined;
  };
  return refused && changes.anafState === 'nok' ? db.transaction(write) : write(db);
}

/**
 * Counts a call to ANAF in the shared counters (server/rateLimits.ts), across every process; past ANAF's calls a
 * minute, refuses it as ANAF's 429 would, until the minute is over.
 */
async function countCall(db: Db, reporting: AnafReporting): Promise<void> {
  const [refused] = await countHits(db, [{ limit: { name: 'anaf:calls', max: reporting.callsPerMinute ?? ANAF_CALLS_A_MINUTE, windowSeconds: 60 }, value: reporting.cif }]);
  if (refused) throw new AnafError('rate_limited', 'The shop has made as many calls to ANAF as ANAF allows in a minute.', refused.retryAfter);
}

/** Calls ANAF with the access token, refreshed once when ANAF refuses it; each call counted against ANAF's limit. */
async function withToken<T>(db: Db, reporting: AnafReporting, call: (token: string) => Promise<T>): Promise<T> {
  const token = await accessToken(db, reporting.cipher, reporting.client);
  await countCall(db, reporting);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof AnafError && error.kind === 'unauthorized')) throw error;
    const refreshed = await accessToken(db, reporting.cipher, reporting.client, token);
    await countCall(db, reporting);
    return call(refreshed);
  }
}

/** An accepted or refused invoice's ZIP from ANAF, kept with the outcome. */
async function finish(db: Db, reporting: AnafReporting, invoice: Taken, uploadIndex: string, downloadId: string, accepted: boolean) {
  const zip = await withToken(db, reporting, (token) => reporting.client.download(token, downloadId));
  const { errors } = anafZipContents(zip);
  const duplicateOf = accepted ? null : (errors.map((error) => ALREADY_SENT.exec(error)?.[1]).find(Boolean) ?? null);
  if (duplicateOf && duplicateOf !== uploadIndex) {
    // An upload that repeated one ANAF had already taken: the first one's outcome is the invoice's.
    await save(db, invoice, { anafState: 'sent', anafUploadIndex: duplicateOf, anafStatusCalls: 0, anafNextAt: new Date() });
    return;
  }
  await save(
    db,
    invoice,
    { anafState: accepted ? 'ok' : 'nok', anafUploadIndex: uploadIndex, anafZip: Buffer.from(zip), anafErrors: accepted ? null : errors, anafDoneAt: new Date() },
    invoice.state,
    reporting.refused,
  );
}

async function upload(db: Db, reporting: AnafReporting, invoice: Taken) {
  // The sign-in first: a refresh that fails (the sign-in ended, ANAF unreachable) leaves the invoice unsent, untouched.
  await accessToken(db, reporting.cipher, reporting.client);
  // Written before the upload, and only while the invoice is still unsent under this process's lease: should no answer
  // come, the invoice is looked for at ANAF before it is uploaded again; should another process have it now, this one
  // uploads nothing.
  const started = await db
    .update(invoices)
    .set({ anafState: 'uploading', anafUploadStartedAt: sql`now()`, anafAttempts: sql`${invoices.anafAttempts} + 1` })
    .where(stillOurs(invoice, 'unsent'))
    .returning({ id: invoices.id });
  if (started.length === 0) return;
  const uploading = (changes: Partial<typeof invoices.$inferInsert>) => save(db, invoice, changes, 'uploading', reporting.refused);
  try {
    const standard = invoice.kind === 'credit_note' ? 'CN' : 'UBL';
    const index = await withToken(db, reporting, (token) => reporting.client.upload(token, invoice.xml!, { cif: reporting.cif, standard }));
    await uploading({ anafState: 'sent', anafUploadIndex: index, anafUploadedAt: new Date(), anafStatusCalls: 0, anafNextAt: later(60) });
  } catch (error) {
    if (error instanceof AnafError && error.kind === 'refused') {
      await uploading({ anafState: 'nok', anafErrors: [error.message], anafDoneAt: new Date() });
    } else if (error instanceof AnafError && (error.kind === 'rate_limited' || error.kind === 'unauthorized') && !error.outcomeUnknown) {
      // Refused before ANAF took anything: it is as unsent as before.
      await uploading({ anafState: 'unsent', anafNextAt: later(error.retryAfterSeconds ?? 900) });
      throw error;
    } else {
      // No answer, ANAF's technical error, a 204: ANAF may have it. Looked for there before any new upload.
      await uploading({ anafNextAt: later(Math.max(LOOK_FOR_LOST_UPLOAD_SECONDS, error instanceof AnafError ? (error.retryAfterSeconds ?? 0) : 0)) });
      throw error;
    }
  }
}

/**
 * An upload whose answer never came: found among ANAF's accepted invoices since it began (listaMesajePaginatieFactura)
 * by the document's own number (its top-level cbc:ID, never a credit note's reference to it), or uploaded again in time.
 */
async function lookForUpload(db: Db, reporting: AnafReporting, invoice: Taken) {
  const startedAt = invoice.uploadStartedAt ?? new Date();
  // A minute before it began: ANAF's clock and ours may differ a little.
  const messages = await withToken(db, reporting, (token) => reporting.client.messages(token, { cif: reporting.cif, from: new Date(startedAt.getTime() - 60_000) }));
  const accepted = messages.filter((message) => message.type === 'FACTURA TRIMISA');
  const indexes = accepted.map((message) => message.uploadIndex);
  const known = new Set(indexes.length === 0 ? [] : (await db.select({ index: invoices.anafUploadIndex }).from(invoices).where(inArray(invoices.anafUploadIndex, indexes))).map((row) => row.index));
  for (const message of accepted.filter((candidate) => !known.has(candidate.uploadIndex)).slice(0, 20)) {
    const zip = await withToken(db, reporting, (token) => reporting.client.download(token, message.id));
    if (documentId(anafZipContents(zip).document) === invoice.documentId) {
      await save(db, invoice, { anafState: 'ok', anafUploadIndex: message.uploadIndex, anafUploadedAt: startedAt, anafZip: Buffer.from(zip), anafErrors: null, anafDoneAt: new Date() });
      return;
    }
  }
  const uploadAgain = Date.now() - startedAt.getTime() >= UPLOAD_AGAIN_AFTER_MS;
  await save(db, invoice, uploadAgain ? { anafState: 'unsent', anafNextAt: new Date() } : { anafNextAt: later(LOOK_FOR_LOST_UPLOAD_SECONDS) });
}

async function poll(db: Db, reporting: AnafReporting, invoice: Taken) {
  const today = bucharestDay(new Date());
  const calls = invoice.statusDay === today ? invoice.statusCalls : 0;
  if (calls >= STATUS_CALLS_A_DAY) {
    await save(db, invoice, { anafNextAt: later(3600) });
    return;
  }
  // Counted before the call: a call whose answer is lost counts at ANAF too.
  const counted = await db
    .update(invoices)
    .set({ anafStatusDay: today, anafStatusCalls: calls + 1 })
    .where(stillOurs(invoice, 'sent'))
    .returning({ id: invoices.id });
  if (counted.length === 0) return;
  const index = invoice.uploadIndex!;
  const status = await withToken(db, reporting, (token) => reporting.client.status(token, index));
  if (status.state === 'processing') await save(db, invoice, { anafNextAt: later(statusDelaySeconds(calls + 1)) });
  else if (status.state === 'refused') await save(db, invoice, { anafState: 'nok', anafErrors: [status.message], anafDoneAt: new Date() }, invoice.state, reporting.refused);
  else await finish(db, reporting, invoice, index, status.downloadId, status.state === 'ok');
}

/** Moves one invoice on; what fails puts it off (ANAF's wait when it says one) and is thrown to the round. */
async function advance(db: Db, reporting: AnafReporting, invoice: Taken) {
  try {
    if (invoice.state === 'unsent') await upload(db, reporting, invoice);
    else if (invoice.state === 'uploading') await lookForUpload(db, reporting, invoice);
    else await poll(db, reporting, invoice);
  } catch (error) {
    const wait = error instanceof AnafError ? (error.retryAfterSeconds ?? (error.kind === 'unauthorized' ? 900 : 300)) : 300;
    await db
      .update(invoices)
      .set({ anafNextAt: sql`greatest(${invoices.anafNextAt}, ${later(wait)})`, anafLeaseUntil: null, anafLeaseId: null })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.anafLeaseId, invoice.lease)));
    throw error;
  }
}

/**
 * One round: the due invoices this process can take, one after another; stops at the first 429 or quota (the rest
 * wait for the next round). Nothing when the shop is not signed in to ANAF. Returns how many it moved on, or throws
 * the round's first failure once the others have been tried.
 */
export async function reportToAnaf(db: Db, reporting: AnafReporting, limit = BATCH): Promise<number> {
  const [signedIn] = await db.select({ problem: anafConnection.problem }).from(anafConnection);
  if (!signedIn || signedIn.problem) return 0;
  const leaseSeconds = reporting.leaseSeconds ?? REPORT_LEASE_SECONDS;
  const lease = randomUUID();
  const taken = (await takeDue(db, limit, lease, leaseSeconds)).map((row) => ({ ...row, lease }));
  const left = new Set(taken.map((row) => row.id));
  // A slow ANAF can make a batch outlast its lease: the invoices not yet done are kept while the batch works.
  const stopRenewing = renewWhileWorking(
    left,
    (ids) =>
      db
        .update(invoices)
        .set({ anafLeaseUntil: leaseEnd(leaseSeconds) })
        .where(and(inArray(invoices.id, ids), eq(invoices.anafLeaseId, lease))),
    (leaseSeconds * 1000) / 3,
    // A failed renewal: the next may still come in time, and a lease lost meanwhile only stops this process's writes.
    () => undefined,
  );
  let moved = 0;
  let failure: unknown = null;
  try {
    for (const [position, invoice] of taken.entries()) {
      try {
        await advance(db, reporting, invoice);
        moved += 1;
      } catch (error) {
        failure ??= error;
        if (error instanceof AnafError && (error.kind === 'rate_limited' || error.kind === 'unauthorized')) {
          // ANAF wants a pause (or a new sign-in): the others are given back at once, for a later round.
          const rest = taken.slice(position + 1).map((row) => row.id);
          if (rest.length > 0)
            await db
              .update(invoices)
              .set({ anafLeaseUntil: null, anafLeaseId: null })
              .where(and(inArray(invoices.id, rest), eq(invoices.anafLeaseId, lease)));
          break;
        }
      } finally {
        left.delete(invoice.id);
      }
    }
  } finally {
    stopRenewing();
  }
  if (failure) throw failure;
  return moved;
}

/** Reports every REPORT_EVERY_MS until stopped; a round that fails is logged (never an invoice's content) and tried again. */
export function startReporting(db: Db, reporting: AnafReporting, log: { warn(details: object, message: string): void }, everyMs = reporting.everyMs ?? REPORT_EVERY_MS): Rounds {
  return everyFewSeconds(
    () => reportToAnaf(db, reporting),
    everyMs,
    (error) => log.warn({ kind: error instanceof AnafError ? error.kind : 'error', reason: (error as Error).message }, 'reporting invoices to ANAF failed; trying again later'),
  );
}
