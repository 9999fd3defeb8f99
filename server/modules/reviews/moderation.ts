import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { user } from '../../../db/schema/accounts';
import { orders } from '../../../db/schema/orders';
import { reviewHidings, reviews } from '../../../db/schema/reviews';
import type { PersonalData } from '../../../domain/contracts/privacy';
import type { AdminReview, AdminReviewList } from '../../../domain/contracts/reviews';
import type { HideReason } from '../../../domain/reviews';
import { AppError } from '../../errors';
import { notifyCatalogueChanged } from '../catalog/changes';
import { publicReview } from './service';

/**
 * The back office's Reviews (issue 49): every review, published or hidden, and the log of hidings. The owner never
 * edits or deletes a review; they may hide one only for a reason of HIDE_REASONS (insults, someone's personal data,
 * words not about the product), and show it again. Each hiding and showing is logged with its reason and owner.
 */

/** How many reviews and log entries the page lists (the newest). */
export const ADMIN_REVIEWS_LISTED = 500;

const NO_SUCH_REVIEW = { id: 'admin.reviews.problem.noSuch' } as const;

export async function listReviewsForOwner(db: Db): Promise<AdminReviewList> {
  const [rows, log] = await Promise.all([
    db
      .select({ review: reviews, orderNumber: orders.number })
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(ADMIN_REVIEWS_LISTED),
    db
      .select({ reviewId: reviewHidings.reviewId, productName: reviews.productName, action: reviewHidings.action, reason: reviewHidings.reason, by: user.email, at: reviewHidings.at })
      .from(reviewHidings)
      .innerJoin(reviews, eq(reviews.id, reviewHidings.reviewId))
      .leftJoin(user, eq(user.id, reviewHidings.ownerId))
      .orderBy(desc(reviewHidings.at), desc(reviewHidings.id))
      .limit(ADMIN_REVIEWS_LISTED),
  ]);
  return {
    reviews: rows.map(({ review, orderNumber }) => adminView(review, orderNumber)),
    log: log.map((entry) => ({ ...entry, by: entry.by ?? null, at: entry.at.toISOString() })),
  };
}

const adminView = (review: typeof reviews.$inferSelect, orderNumber: number): AdminReview => ({
  ...publicReview(review),
  orderNumber,
  hidden: review.hiddenAt && review.hiddenReason ? { reason: review.hiddenReason, at: review.hiddenAt.toISOString() } : null,
});

/**
 * Hides a review (`reason` given) or shows it again (null), logging it with the owner, in one transaction, and renders
 * the product pages again. Hidden already (or shown), it is answered as it is, logged once. 404 for an unknown one.
 */
export async function setReviewHidden(db: Db, id: number, reason: HideReason | null, ownerId: string): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!current) throw new AppError('not_found', NO_SUCH_REVIEW);
    const [{ number } = { number: 0 }] = await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, current.orderId));
    if ((current.hiddenAt !== null) === (reason !== null)) return adminView(current, number);
    const [changed] = await tx
      .update(reviews)
      .set(reason ? { hiddenAt: sql`now()`, hiddenReason: reason } : { hiddenAt: null, hiddenReason: null })
      .where(eq(reviews.id, id))
      .returning();
    await tx.insert(reviewHidings).values({ reviewId: id, action: reason ? 'hidden' : 'shown', reason, ownerId });
    await notifyCatalogueChanged(tx);
    return adminView(changed!, number);
  });
}

/** The reviews of these orders (one person's), for their copy of what the shop holds about them (privacy/service.ts). */
export async function reviewsOfOrders(db: Db, views: { id: string; number: number }[]): Promise<PersonalData['reviews']> {
  if (views.length === 0) return [];
  const numbers = new Map(views.map((view) => [view.id, view.number]));
  const rows = await db
    .select()
    .from(reviews)
    .where(inArray(reviews.orderId, [...numbers.keys()]))
    .orderBy(asc(reviews.id));
  return rows.map((row) => ({
    orderNumber: numbers.get(row.orderId)!,
    product: row.productName,
    rating: row.rating,
    text: row.text,
    shownName: row.name,
    county: row.county,
    writtenAt: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
  }));
}
