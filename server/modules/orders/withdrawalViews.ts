import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { withdrawalLines, withdrawals } from '../../../db/schema/orders';
import type { WithdrawalView } from '../../../domain/contracts/orders';
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
  const lines = await db
    .select()
    .from(withdrawalLines)
    .where(
      inArray(
        withdrawalLines.withdrawalId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(withdrawalLines.orderLineId));
  for (const row of rows) {
    const view: WithdrawalView = {
      id: row.id,
      statedAt: row.statedAt.toISOString(),
      reason: row.reason,
      iban: row.iban,
      status: row.status,
      refundDueDay: refundDueDay(row.statedAt),
      lines: lines.filter((line) => line.withdrawalId === row.id).map((line) => ({ lineId: line.orderLineId, quantity: line.quantity, received: line.received })),
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), view]);
  }
  return byOrder;
}
