import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { invoices } from '../../../db/schema/invoices';
import { withdrawalLines, withdrawals } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/refunds';
import { returnAwbs } from '../../../db/schema/shipping';
import type { WithdrawalView } from '../../../domain/contracts/orders';
import { COURIER_NAMES } from '../../../domain/courier';
import { refundDueDay } from '../../../domain/withdrawal';

/** The withdrawals of orders, oldest first, each with its lines (WithdrawalView), by order id: every view of an order shows them so. */
export async function withdrawalsOf(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, WithdrawalView[]>> {
  const byOrder = new Map<string, WithdrawalView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.orderId, [...orderIds]))
    .orderBy(asc(withdrawals.statedAt), asc(withdrawals.id));
  if (rows.length === 0) return byOrder;
  const ids = rows.map((row) => row.id);
  const [lines, owed, returns] = await Promise.all([
    db.select().from(withdrawalLines).where(inArray(withdrawalLines.withdrawalId, ids)).orderBy(asc(withdrawalLines.orderLineId)),
    db
      .select({
        withdrawalId: refunds.withdrawalId,
        id: refunds.id,
        amount: refunds.amount,
        method: refunds.method,
        status: refunds.status,
        dueDay: refunds.dueDay,
        paidOn: refunds.paidOn,
        creditNote: invoices.documentId,
      })
      .from(refunds)
      .leftJoin(invoices, eq(invoices.id, refunds.creditNoteId))
      .where(inArray(refunds.withdrawalId, ids))
      .orderBy(asc(refunds.createdAt)),
    db
      .select()
      .from(returnAwbs)
      .where(and(inArray(returnAwbs.withdrawalId, ids), ne(returnAwbs.state, 'failed')))
      .orderBy(desc(returnAwbs.createdAt)),
  ]);
  for (const row of rows) {
    const view: WithdrawalView = {
      id: row.id,
      statedAt: row.statedAt.toISOString(),
      reason: row.reason,
      iban: row.iban,
      status: row.status,
      refundDueDay: refundDueDay(row.statedAt),
      lines: lines.filter((line) => line.withdrawalId === row.id).map((line) => ({ lineId: line.orderLineId, quantity: line.quantity, received: line.received })),
      refunds: owed.filter((refund) => refund.withdrawalId === row.id).map(({ withdrawalId: _, ...refund }) => refund),
      returnAwb: returnAwbView(returns.find((item) => item.withdrawalId === row.id)),
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), view]);
  }
  return byOrder;
}

/** A withdrawal's return AWB as its views show it; the label's link (unguessable: its random key) once it is made. */
function returnAwbView(row: typeof returnAwbs.$inferSelect | undefined): WithdrawalView['returnAwb'] {
  if (!row || row.state === 'failed') return null;
  return {
    id: row.id,
    courierName: COURIER_NAMES[row.courier],
    state: row.state,
    reference: row.reference,
    awb: row.awb,
    locker: row.lockerName,
    labelPath: row.state === 'made' ? returnLabelPath(row.id, row.linkKey) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The customer's link to a return AWB's label (GET /api/return-labels/:id/pdf?key=…, shipping/routes.ts). */
export const returnLabelPath = (id: string, key: string) => `/api/return-labels/${id}/pdf?key=${key}`;
