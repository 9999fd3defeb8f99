import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { discountCodes } from '../../../db/schema/discounts';
import { orders } from '../../../db/schema/orders';
import type { DiscountCheck } from '../../../domain/checkout';
import type { DiscountCheckAnswer, DiscountCodeView } from '../../../domain/contracts/discounts';
import type { DiscountCodeChange, DiscountCodeRequest } from '../../../domain/discountEdit';
import { bucharestDay } from '../../../domain/locale';
import { totalsFor } from '../../../domain/pricing';
import { AppError } from '../../errors';
import { countHits, type Limit, pruneExpiredCountersNowAndThen, refuseOverLimit } from '../../rateLimits';
import { applicableCode } from './usage';

/**
 * Discount codes in the back office (issue 34): the owner makes them, pauses and resumes them, changes their days and
 * limits; what a code takes off never changes once it is out (a new code does). Checkout uses them (domain/discounts.ts).
 */

const view = (row: typeof discountCodes.$inferSelect, revenue = 0): DiscountCodeView => ({ ...row, createdAt: row.createdAt.toISOString(), revenue });

/** What the orders that used each code (or code `id`) came to; a cancelled one gave its use back and counts nothing. */
async function revenues(db: Db, id?: number): Promise<Map<number | null, number>> {
  const rows = await db
    .select({ codeId: orders.discountCodeId, revenue: sql<number>`sum(${orders.totalAmount})::int` })
    .from(orders)
    .where(and(id === undefined ? isNotNull(orders.discountCodeId) : eq(orders.discountCodeId, id), ne(orders.status, 'cancelled')))
    .groupBy(orders.discountCodeId);
  return new Map(rows.map((row) => [row.codeId, row.revenue]));
}

/** Every code, newest first, with its revenue. */
export async function listDiscountCodes(db: Db): Promise<DiscountCodeView[]> {
  const [rows, revenueOf] = await Promise.all([db.select().from(discountCodes).orderBy(desc(discountCodes.id)), revenues(db)]);
  return rows.map((row) => view(row, revenueOf.get(row.id)));
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
  return view(row!, (await revenues(db, id)).get(id));
}

/**
 * Per address checking codes, in 10 minutes: a customer who mistypes one a few times, not someone trying codes. How many:
 * DISCOUNT_CHECKS_PER_IP (server/env.ts).
 */
export const codeChecksPerIp = (max: number): Limit => ({ name: 'discount:ip', max, windowSeconds: 10 * 60 });

/**
 * Whether a code applies to a cart (the cart and payment steps ask; placing the order checks again and counts the use):
 * the cart priced by the shop's current prices (a product no longer sold counts nothing: the order is refused for it),
 * never for a contact. Its refusal is answered with its own message; every check counts towards the address's limit.
 */
export async function checkDiscount(db: Db, request: DiscountCheck, visitor: { ip: string; limit: Limit }): Promise<DiscountCheckAnswer> {
  await pruneExpiredCountersNowAndThen(db);
  refuseOverLimit(await countHits(db, [{ limit: visitor.limit, value: visitor.ip }]), { id: 'checkout.discount.tooMany' }, 'rate_limited');
  const prices = await db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          request.lines.map((line) => line.productId),
        ),
        eq(products.active, true),
      ),
    );
  const priceOf = new Map(prices.map((product) => [product.id, product.price]));
  const lines = request.lines.filter((line) => priceOf.has(line.productId)).map((line) => ({ unitPrice: priceOf.get(line.productId)!, quantity: line.quantity }));
  const subtotal = totalsFor(lines).subtotal;
  // No contact: whether a person used a once-per-customer code is told only to the order that person places (issue 48).
  const code = await applicableCode(db, request.code, { subtotal, today: bucharestDay(new Date()), contact: {}, lock: false });
  return { code: code.code, kind: code.kind, value: code.value, minSubtotal: code.minSubtotal, ...totalsFor(lines, code) };
}
