import * as z from 'zod/mini';

const hideReason = z.enum(['insults', 'personalData', 'offTopic']);

/** One line of the order as the review page shows it: the product, and the buyer's review of it once written. */
export const reviewLineSchema = z.object({
  lineId: z.int(),
  name: z.string(),
  /** The colour chosen, as the customer read it; null for none. */
  colour: z.nullable(z.string()),
  /** Whether it can be reviewed: a product the shop no longer has cannot. */
  reviewable: z.boolean(),
  review: z.nullable(z.object({ rating: z.int(), text: z.nullable(z.string()) })),
});

/** GET /api/orders/:id/review?key=…: the order's lines to rate (issue 49); opening it changes nothing. */
export const reviewPageSchema = z.object({
  number: z.int(),
  /** The name the reviews will be shown under ("Maria P."; null: a verified buyer without a name) and the county's name. */
  shownName: z.nullable(z.string()),
  county: z.nullable(z.string()),
  lines: z.array(reviewLineSchema),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** A published review as a page shows it: never the buyer's full name or address. */
export const publicReviewSchema = z.object({
  id: z.int(),
  productId: z.nullable(z.string()),
  productName: z.string(),
  rating: z.int(),
  text: z.nullable(z.string()),
  /** "Maria P."; null when the buyer's details were erased since (shown as a verified buyer). */
  name: z.nullable(z.string()),
  /** The county's name ("Cluj"), or null. */
  county: z.nullable(z.string()),
  language: z.enum(['en', 'ro']),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** A review as the back office sees it: with its order's number and, when hidden, why and when. */
export const adminReviewSchema = z.object({
  ...publicReviewSchema.shape,
  orderNumber: z.int(),
  hidden: z.nullable(z.object({ reason: hideReason, at: z.string() })),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** One entry of the hidings' log: which review, hidden (with its reason) or shown again, by which owner, when. */
export const reviewLogEntrySchema = z.object({
  reviewId: z.int(),
  productName: z.string(),
  action: z.enum(['hidden', 'shown']),
  reason: z.nullable(hideReason),
  /** The owner's address; null for an owner since deleted. */
  by: z.nullable(z.string()),
  at: z.string(),
});
export type ReviewLogEntry = z.infer<typeof reviewLogEntrySchema>;

/** GET /api/admin/reviews: every review, newest first, and the log of hidings, newest first. */
export const adminReviewListSchema = z.object({ reviews: z.array(adminReviewSchema), log: z.array(reviewLogEntrySchema) });
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** A product's published reviews as its page shows them (server-rendered): its rating from all, the newest listed. */
export interface ProductReviews {
  summary: { count: number; average: number; stars: [number, number, number, number, number] };
  reviews: PublicReview[];
}
