import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { discountCodes } from '../../../db/schema/discounts';
import { orders } from '../../../db/schema/orders';
import { type DiscountCode, type DiscountRefusal, discountRefusal } from '../../../domain/discounts';
import { amountValue, dayValue } from '../../../domain/issueValues';
import type { Bani } from '../../../domain/money';
import { AppError } from '../../errors';

/**
 * A discount code as checkout uses it (issue 34): checked by domain/discounts' rules against the code's row, and its
 * use counted in the transaction of the order that takes it, on that row locked, so concurrent orders for the last
 * uses get exactly as many as are left. A cancelled order gives its use back (it never happened).
 */

/** With the channel its orders count in (issue 49), when the owner tied it to one. */
export type AppliedCode = DiscountCode & { id: number; channel: string | null };

const REFUSAL_CODES: Record<DiscountRefusal, string> = {
  unknown: 'discount_unknown',
  notYetValid: 'discount_not_yet_valid',
  expired: 'discount_expired',
  usedUp: 'discount_used_up',
  belowMinimum: 'discount_below_minimum',
  alreadyUsed: 'discount_already_used',
};

/** The refusal as the customer reads it: its own message, naming the code and the day or amount it turns on. */
function refused(refusal: DiscountRefusal, typed: string, code: AppliedCode | null): AppError {
  const values: Record<string, unknown> = { code: typed };
  if (refusal === 'notYetValid') values.day = dayValue(code!.validFrom!);
  if (refusal === 'expired') values.day = dayValue(code!.validTo!);
  if (refusal === 'belowMinimum') values.amount = amountValue(code!.minSubtotal!);
  return new AppError('conflict', { id: `checkout.discount.refused.${refusal}`, values }, REFUSAL_CODES[refusal]);
}

/** Whether an order from this email (any case) or phone (E.164) used the code before, and was not cancelled. */
async function usedByContact(db: DbOrTx, codeId: number, contact: { email?: string; phoneNumber?: string }): Promise<boolean> {
  const matches = [contact.email ? eq(sql`lower(${orders.email})`, contact.email.toLowerCase()) : undefined, contact.phoneNumber ? eq(orders.phoneNumber, contact.phoneNumber) : undefined].filter(
    (match) => match !== undefined,
  );
  if (matches.length === 0) return false;
  const [used] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.discountCodeId, codeId), ne(orders.status, 'cancelled'), or(...matches)))
    .limit(1);
  return used !== undefined;
}

/**
 * The code `typed` (normalized: domain/discounts normalizedCode) for a cart of `subtotal` on `today` (Bucharest's
 * day), by the contact when known; throws 409 with the refusal's own message when it does not apply. With `lock`
 * (an order about to use it), the code's row stays locked until the order's transaction ends.
 */
export async function applicableCode(db: DbOrTx, typed: string, cart: { subtotal: Bani; today: string; contact: { email?: string; phoneNumber?: string }; lock: boolean }): Promise<AppliedCode> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, typed));
  const [row] = cart.lock ? await query.for('update') : await query;
  const code = row ? { ...row } : null;
  const firstRefusal = discountRefusal(code, { subtotal: cart.subtotal, today: cart.today, uses: row?.uses ?? 0, usedByContact: false });
  if (firstRefusal) throw refused(firstRefusal, typed, code);
  if (code!.oncePerContact && (await usedByContact(db, code!.id, cart.contact))) throw refused('alreadyUsed', typed, code);
  return code!;
}

/** Counts one use of the code by an order just placed (in that order's transaction, the code's row locked). */
export async function countCodeUse(tx: DbOrTx, codeId: number): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(eq(discountCodes.id, codeId));
}

/** Gives back the use of the code an order took, if it took one: the order is cancelled (or removed) and never happened. */
export async function giveBackCodeUse(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} - 1` })
    .where(and(eq(discountCodes.id, sql`(select ${orders.discountCodeId} from ${orders} where ${orders.id} = ${orderId})`), gt(discountCodes.uses, 0)));
}
