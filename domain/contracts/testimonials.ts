import * as z from 'zod/mini';

const language = z.enum(['en', 'ro']);
const source = z.enum(['order', 'instagram']);

/**
 * A published testimonial as the landing shows it (domain/testimonials.ts), or, once there are REVIEWS_FOR_LANDING
 * published reviews (domain/reviews.ts), a verified buyer's review (`source` 'review', with its stars and county).
 */
export const publicTestimonialSchema = z.object({
  id: z.int(),
  text: z.string(),
  /** "Andrei M."; an empty name for a review whose buyer's details were erased. */
  name: z.string(),
  /** Where it came from: an order of this shop, a message on Instagram (its order's number is never shown), or a verified buyer's review. */
  source: z.enum(['order', 'instagram', 'review']),
  language,
  /** A review's stars (1 to 5) and its buyer's county's name (null: none); absent for the owner's testimonials. */
  rating: z.optional(z.int()),
  county: z.optional(z.nullable(z.string())),
});
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;

/** GET /api/testimonials: the published reviews with words, newest first, once there are enough; the owner's published testimonials, in their order, until then (none: the landing has no testimonials). */
export const publicTestimonialListSchema = z.object({ testimonials: z.array(publicTestimonialSchema) });
export type PublicTestimonialList = z.infer<typeof publicTestimonialListSchema>;

/** A testimonial as the back office sees it. */
export const testimonialSchema = z.object({
  id: z.int(),
  text: z.string(),
  name: z.string(),
  source,
  /** The order it came from; null for a message on Instagram. */
  orderNumber: z.nullable(z.int()),
  language,
  published: z.boolean(),
  updatedAt: z.string(),
});
export type TestimonialView = z.infer<typeof testimonialSchema>;

/** GET /api/admin/testimonials and the answer to a new order of them: every one, in the landing's order. */
export const testimonialListSchema = z.object({ testimonials: z.array(testimonialSchema) });
