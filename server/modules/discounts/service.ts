import { desc, eq } from 'drizzle-orm';
import type { DiscountCodeView } from '../../../domain/contracts/discounts';
import type { DiscountCodeChange, DiscountCodeRequest } from '../../../domain/discountEdit';
import type { Db } from '../../../db/client';
import { discountCodes } from '../../../db/schema/discounts';
import { AppError } from '../../errors';

/**
 * Discount codes in the back office (issue 34): the owner makes them, pauses and resumes them, changes their days and
 * limits; what a code takes off never changes once it is out (a new code does). Checkout uses them (domain/discounts.ts).
 */

const view = (row: typeof discountCodes.$inferSelect): DiscountCodeView => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Every code, newest first. */
export async function listDiscountCodes(db: Db): Promise<DiscountCodeView[]> {
  return (await db.select().from(discountCodes).orderBy(desc(discountCodes.id))).map(view);
}

/** A new code; 409 when the code exists already (in any case: codes are kept in capitals). */
export async function createDiscountCode(db: Db, request: DiscountCodeRequest): Promise<DiscountCodeView> {
  const [row] = await db.insert(discountCodes).values(request).onConflictDoNothing({ target: discountCodes.code }).returning();
  if (!row) throw new AppError('conflict', { id: 'admin.discount.problem.exists', values: { code: request.code } }, 'code_exists');
  return view(row);
}

/** Changes a code's days, limits or whether it runs; 404 for no such code. */
export async function changeDiscountCode(db: Db, id: number, change: DiscountCodeChange): Promise<DiscountCodeView> {
  const [current] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!current) throw new AppError('not_found', { id: 'admin.discount.problem.unknown' });
  const validFrom = change.validFrom === undefined ? current.validFrom : change.validFrom;
  const validTo = change.validTo === undefined ? current.validTo : change.validTo;
  if (validFrom && validTo && validFrom > validTo) throw new AppError('bad_request', { id: 'admin.discount.problem.days' }, 'days_out_of_order');
  const [row] = await db.update(discountCodes).set(change).where(eq(discountCodes.id, id)).returning();
  return view(row!);
}
