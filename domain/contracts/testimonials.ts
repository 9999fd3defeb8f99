import * as z from 'zod/mini';

const language = z.enum(['en', 'ro']);
const source = z.enum(['order', 'instagram']);

/** A published testimonial as the landing shows it (domain/testimonials.ts). */
export const publicTestimonialSchema = z.object({
  id: z.int(),
  text: z.string(),
  /** "Andrei M." */
  name: z.string(),
  /** Where it came from: an order of this shop, or a message on Instagram (its order's number is never shown). */
  source,
  language,
});
export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;

/** GET /api/testimonials: the published ones, in the owner's order (none: the landing has no testimonials). */
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
