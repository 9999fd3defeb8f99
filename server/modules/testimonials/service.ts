import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import { testimonials } from '../../../db/schema/testimonials';
import type { PublicTestimonial, TestimonialView } from '../../../domain/contracts/testimonials';
import { MAX_TESTIMONIALS, type TestimonialChange, type TestimonialRequest, type TestimonialSourceInput } from '../../../domain/testimonials';
import { AppError } from '../../errors';

type Row = typeof testimonials.$inferSelect;

const NO_SUCH_TESTIMONIAL = { id: 'admin.testimonials.problem.noSuch' } as const;

const view = (row: Row): TestimonialView => ({
  id: row.id,
  text: row.text,
  name: row.name,
  source: row.source,
  orderNumber: row.orderNumber,
  language: row.language,
  published: row.published,
  updatedAt: row.updatedAt.toISOString(),
});

const inOrder = [asc(testimonials.position), asc(testimonials.id)];

/** The published testimonials, in the owner's order, as the landing shows them. */
export async function publishedTestimonials(db: Db): Promise<PublicTestimonial[]> {
  const rows = await db
    .select({ id: testimonials.id, text: testimonials.text, name: testimonials.name, source: testimonials.source, language: testimonials.language })
    .from(testimonials)
    .where(eq(testimonials.published, true))
    .orderBy(...inOrder);
  return rows;
}

/** Every testimonial, published or not, in the landing's order. */
export async function listTestimonials(db: DbOrTx): Promise<TestimonialView[]> {
  return (
    await db
      .select()
      .from(testimonials)
      .orderBy(...inOrder)
  ).map(view);
}

/** The columns a source is kept in; an order's number must be an order of this shop (400 otherwise). */
async function sourceColumns(db: DbOrTx, source: TestimonialSourceInput): Promise<Pick<Row, 'source' | 'orderNumber'>> {
  if (source.kind === 'instagram') return { source: 'instagram', orderNumber: null };
  const [order] = await db.select({ number: orders.number }).from(orders).where(eq(orders.number, source.orderNumber));
  if (!order) throw new AppError('bad_request', { id: 'admin.testimonials.problem.noSuchOrder', values: { number: source.orderNumber } }, 'unknown_order');
  return { source: 'order', orderNumber: order.number };
}

/** A new testimonial, last in the list. */
export async function createTestimonial(db: Db, { source, ...input }: TestimonialRequest): Promise<TestimonialView> {
  return db.transaction(async (tx) => {
    // One new one at a time, so two never take the same place.
    await tx.execute(sql`lock table ${testimonials} in share row exclusive mode`);
    const [{ count, last } = { count: 0, last: -1 }] = await tx.select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${testimonials.position}), -1)::int` }).from(testimonials);
    if (count >= MAX_TESTIMONIALS) throw new AppError('conflict', { id: 'admin.testimonials.problem.tooMany', values: { max: MAX_TESTIMONIALS } }, 'too_many_testimonials');
    const [row] = await tx
      .insert(testimonials)
      .values({ ...input, ...(await sourceColumns(tx, source)), position: last + 1 })
      .returning();
    return view(row!);
  });
}

/** Changes the fields given (Publish and Unpublish are `published` alone); 404 for an unknown one. */
export async function changeTestimonial(db: Db, id: number, { source, ...change }: TestimonialChange): Promise<TestimonialView> {
  const columns = source ? await sourceColumns(db, source) : {};
  const [row] = await db
    .update(testimonials)
    .set({ ...change, ...columns, updatedAt: new Date() })
    .where(eq(testimonials.id, id))
    .returning();
  if (!row) throw new AppError('not_found', NO_SUCH_TESTIMONIAL);
  return view(row);
}

export async function deleteTestimonial(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  if (deleted.length === 0) throw new AppError('not_found', NO_SUCH_TESTIMONIAL);
}

/**
 * Puts them in a new order: `ids` must be every testimonial's, each once (409 otherwise: the list changed since the
 * page showed it, and it shows it again).
 */
export async function reorderTestimonials(db: Db, ids: number[]): Promise<TestimonialView[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${testimonials} in share row exclusive mode`);
    const current = await tx.select({ id: testimonials.id }).from(testimonials);
    const same = ids.length === current.length && new Set(ids).size === ids.length && current.every((row) => ids.includes(row.id));
    if (!same) throw new AppError('conflict', { id: 'admin.testimonials.problem.listChanged' }, 'testimonials_changed');
    for (const [position, id] of ids.entries()) await tx.update(testimonials).set({ position }).where(eq(testimonials.id, id));
    return listTestimonials(tx);
  });
}
