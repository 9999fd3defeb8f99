import * as z from 'zod/mini';
import { PAYMENT_METHODS, REFUND_STATUSES, WITHDRAWAL_STATUSES } from '../orders';

const bani = z.int().check(z.nonnegative());

/**
 * A withdrawal as the back office's Returns list shows it (GET /api/admin/returns): whose, when stated, where its goods
 * stand (units named and received), the refund's last day and what is still owed or was paid back (bani).
 */
export const returnRowSchema = z.object({
  withdrawalId: z.string(),
  orderId: z.string(),
  orderNumber: z.int(),
  customer: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  statedAt: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  units: z.int(),
  received: z.int(),
  refundDueDay: z.string(),
  /** Refunds recorded and not yet paid, and those paid, in bani; a refund status when there is one to act on. */
  owed: bani,
  refunded: bani,
  refundStatus: z.nullable(z.enum(REFUND_STATUSES)),
});
export type ReturnRow = z.infer<typeof returnRowSchema>;

/** GET /api/admin/returns: the withdrawals still open (goods or money to come), by refund day; then the latest done. */
export const returnListSchema = z.object({ open: z.array(returnRowSchema), done: z.array(returnRowSchema) });
export type ReturnList = z.infer<typeof returnListSchema>;
