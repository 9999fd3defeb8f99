import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { invoices } from '../../../db/schema/invoices';
import { ublXml } from '../../../domain/ubl';
import { dueRows, leaseEnd, notLeased } from '../../leases';
import { everyFewSeconds, type Rounds } from '../../rounds';
import type { InvoiceRefused } from './reportingSettings';
import { efacturaProblems } from './validation';

/**
 * Every issued invoice and credit note is checked once, after the transaction that issued it: its e-Factura XML is
 * made from its document and validated (the UBL schema, then the EN 16931 + CIUS-RO rules), and both are stored with
 * what validation found. Only a document found valid may be sent to ANAF; the owner sees the others' problems, rule
 * by rule. Runs in the process that does the background work (the shop on the embedded database, `npm run worker`
 * beside processes with MAIL_WORKER=true), in several at once without checking anything twice: each takes an
 * invoice for a while (its lease), as the mail outbox does.
 */

/** How long a process has an invoice it checks; another takes it after that, should the first have died. */
export const CHECK_LEASE_SECONDS = 120;

/** How often a process looks for invoices to check (a new invoice is checked within about this long). */
export const CHECK_EVERY_MS = 5_000;

/** Takes the oldest unchecked invoice nobody has (or whose lease ran out), for CHECK_LEASE_SECONDS. */
async function takeOne(db: Db) {
  const unchecked = dueRows(db, { id: invoices.id, from: invoices, where: and(isNull(invoices.checkedAt), notLeased(invoices.checkLeaseUntil)), orderBy: invoices.createdAt, limit: 1 });
  const [taken] = await db
    .update(invoices)
    .set({ checkLeaseUntil: leaseEnd(CHECK_LEASE_SECONDS) })
    .where(sql`${invoices.id} = (${unchecked})`)
    .returning({ id: invoices.id, kind: invoices.kind, document: invoices.document });
  return taken ?? null;
}

/** Checks one invoice, if one is waiting; false when none is. Nothing is held in a transaction while it is validated. */
export async function checkNextInvoice(db: Db, refused?: InvoiceRefused): Promise<boolean> {
  const taken = await takeOne(db);
  if (!taken) return false;
  const xml = ublXml(taken.document);
  const problems = await efacturaProblems(xml, taken.kind === 'credit_note' ? 'creditNote' : 'invoice');
  const write = async (tx: DbOrTx) => {
    const [written] = await tx
      .update(invoices)
      .set({ xml, problems, checkedAt: new Date(), checkLeaseUntil: null })
      .where(and(eq(invoices.id, taken.id), isNull(invoices.checkedAt)))
      .returning({ orderId: invoices.orderId });
    // A document the rules refuse is never sent to ANAF: the owners are told in the transaction that records it.
    if (written && problems.length > 0) await refused?.(tx, written.orderId);
  };
  await (refused && problems.length > 0 ? db.transaction(write) : write(db));
  return true;
}

/** Checks the waiting invoices, at most `max` of them; returns how many it checked. */
export async function checkInvoices(db: Db, max = 100, refused?: InvoiceRefused): Promise<number> {
  let checked = 0;
  while (checked < max && (await checkNextInvoice(db, refused))) checked += 1;
  return checked;
}

/** Checks waiting invoices every `everyMs` until stopped; a round that fails is logged and tried again at the next. */
export function startInvoiceChecks(db: Db, log: { warn(details: object, message: string): void }, everyMs = CHECK_EVERY_MS, refused?: InvoiceRefused): Rounds {
  return everyFewSeconds(
    () => checkInvoices(db, 100, refused),
    everyMs,
    (err) => log.warn({ err }, 'checking invoices failed; trying again later'),
  );
}
