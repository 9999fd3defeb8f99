import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orderLines, orders } from '../../../db/schema/orders';
import { reviews } from '../../../db/schema/reviews';
import type { ProductReviews, PublicReview, ReviewPage } from '../../../domain/contracts/reviews';
import type { PublicTestimonial } from '../../../domain/contracts/testimonials';
import { countyName } from '../../../domain/counties';
import type { Locale } from '../../../domain/locale';
import { REVIEWS_FOR_LANDING, type ReviewSubmission, ratingSummary, shownName } from '../../../domain/reviews';
import { AppError } from '../../errors';
import { notifyCatalogueChanged } from '../catalog/changes';

/**
 * A buyer's reviews of the lines of their delivered order (issue 49), through the signed link of the mail asking for
 * them (routes.ts checks its key): the page lists the lines, each reviewed once. A review is published as written; the
 * product pages, rendered from the catalogue, are rendered again (the catalogue's change is notified with it).
 */

type ReviewRow = typeof reviews.$inferSelect;

/** A review as pages show it: its county by name; never the order, the address or the full name. */
export const publicReview = (row: ReviewRow): PublicReview => ({
  id: row.id,
  productId: row.productId,
  productName: row.productName,
  rating: row.rating,
  text: row.text,
  name: row.name,
  county: countyName(row.county),
  language: row.language,
  createdAt: row.createdAt.toISOString(),
});

/** The order a review link is for, locked for the review's insert when `lock`; 404 for none, 409 when it cannot be reviewed. */
async function reviewableOrder(db: DbOrTx, id: string, lock = false) {
  const query = db
    .select({ id: orders.id, number: orders.number, status: orders.status, firstName: orders.firstName, lastName: orders.lastName, county: orders.county, anonymisedAt: orders.anonymisedAt })
    .from(orders)
    .where(eq(orders.id, id));
  const [order] = await (lock ? query.for('share') : query);
  if (!order) throw new AppError('not_found', { id: 'error.order.noSuchOrder' });
  // Erased, the order no longer says who bought it: nothing can be reviewed as a verified buyer's.
  if (order.anonymisedAt) throw new AppError('conflict', { id: 'reviews.problem.erased', values: { number: String(order.number) } }, 'review_erased');
  if (order.status !== 'delivered') throw new AppError('conflict', { id: 'reviews.problem.notDelivered', values: { number: String(order.number) } }, 'review_not_delivered');
  return order;
}

/** The review link's page: the order's lines, each with its review once written. Reading it changes nothing. */
export async function reviewPage(db: Db, orderId: string): Promise<ReviewPage> {
  const order = await reviewableOrder(db, orderId);
  const lines = await db
    .select({
      lineId: orderLines.id,
      name: orderLines.name,
      colour: sql<string | null>`coalesce(${orderLines.colourLabel}, ${orderLines.colour})`,
      productId: orderLines.productId,
      rating: reviews.rating,
      text: reviews.text,
    })
    .from(orderLines)
    .leftJoin(reviews, eq(reviews.orderLineId, orderLines.id))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return {
    number: order.number,
    shownName: shownName(order.firstName, order.lastName),
    county: countyName(order.county),
    lines: lines.map((line) => ({
      lineId: line.lineId,
      name: line.name,
      colour: line.colour,
      reviewable: line.productId !== null,
      review: line.rating === null ? null : { rating: line.rating, text: line.text },
    })),
  };
}

/**
 * The buyer's review of one line (issue 49): published at once, under the name and county shown (stored now: the order
 * may change later), in the page's language. A line of another order is refused (404), a second review of a line too
 * (409, saying it was reviewed), as a product the shop no longer has (409).
 */
export async function submitReview(db: Db, orderId: string, locale: Locale, { lineId, rating, text }: Omit<ReviewSubmission, 'key'>): Promise<PublicReview> {
  return db.transaction(async (tx) => {
    // Shared: an erasure of the order waits for the review, and the review never carries a name erased meanwhile.
    const order = await reviewableOrder(tx, orderId, true);
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId)));
    if (!line) throw new AppError('not_found', { id: 'reviews.problem.line' }, 'review_no_such_line');
    if (!line.productId) throw new AppError('conflict', { id: 'reviews.problem.productGone', values: { product: line.name } }, 'review_product_gone');
    const [row] = await tx
      .insert(reviews)
      .values({
        orderId,
        orderLineId: line.id,
        productId: line.productId,
        productName: line.name,
        rating,
        text: text ? text : null,
        language: locale,
        name: shownName(order.firstName, order.lastName),
        county: order.county,
      })
      .onConflictDoNothing({ target: reviews.orderLineId })
      .returning();
    if (!row) throw new AppError('conflict', { id: 'reviews.problem.already', values: { product: line.name } }, 'review_exists');
    await notifyCatalogueChanged(tx);
    return publicReview(row);
  });
}

/** How many reviews a product page lists (its rating counts every published one). */
export const REVIEWS_PER_PRODUCT = 50;

/**
 * Every product's published reviews, for the catalogue the product pages are rendered from (catalog/catalogue.ts): its
 * rating from all of them, and the newest REVIEWS_PER_PRODUCT to list. Products without any are not in the map.
 */
export async function publishedReviewsByProduct(db: DbOrTx): Promise<Map<string, ProductReviews>> {
  const ratings = await db
    .select({ productId: reviews.productId, rating: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(isNull(reviews.hiddenAt), isNotNull(reviews.productId)))
    .groupBy(reviews.productId, reviews.rating);
  const newest = db.$with('newest').as(
    db
      .select({ id: reviews.id, place: sql<number>`row_number() over (partition by ${reviews.productId} order by ${reviews.createdAt} desc, ${reviews.id} desc)`.as('place') })
      .from(reviews)
      .where(and(isNull(reviews.hiddenAt), isNotNull(reviews.productId))),
  );
  const listed = await db
    .with(newest)
    .select({ review: reviews })
    .from(reviews)
    .innerJoin(newest, eq(newest.id, reviews.id))
    .where(sql`${newest.place} <= ${REVIEWS_PER_PRODUCT}`)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  const byProduct = new Map<string, ProductReviews>();
  const starsOf = new Map<string, number[]>();
  for (const { productId, rating, count } of ratings) {
    const stars = starsOf.get(productId!) ?? [];
    for (let i = 0; i < count; i++) stars.push(rating);
    starsOf.set(productId!, stars);
  }
  for (const [productId, stars] of starsOf) byProduct.set(productId, { summary: ratingSummary(stars), reviews: [] });
  for (const { review } of listed) byProduct.get(review.productId!)?.reviews.push(publicReview(review));
  return byProduct;
}

/** How many reviews the landing's strip shows at most. */
export const LANDING_REVIEWS = 20;

/**
 * The landing strip's reviews (issue 49): once REVIEWS_FOR_LANDING reviews with words are published, the newest ones (LANDING_REVIEWS at most), as the strip shows testimonials; null until then (the strip shows the owner's
 * testimonials, or nothing).
 */
export async function reviewsForLanding(db: Db): Promise<PublicTestimonial[] | null> {
  // A strip of words: the reviews with some (stars alone say nothing there).
  const published = and(isNull(reviews.hiddenAt), isNotNull(reviews.productId), isNotNull(reviews.text));
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(reviews).where(published);
  if (count < REVIEWS_FOR_LANDING) return null;
  const rows = await db.select().from(reviews).where(published).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(LANDING_REVIEWS);
  return rows.map((row) => ({ id: row.id, text: row.text ?? '', name: row.name ?? '', source: 'review', language: row.language, rating: row.rating, county: countyName(row.county) }));
}
