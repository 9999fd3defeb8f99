import { z } from 'zod';
import { about, isWhole, key, objectError, textField, typed, yesOrNo } from './adminFields';
import { LOCALES } from './locale';

/**
 * The landing page's testimonials (issue 48; Romanian OUG 58/2022 on unfair practices: a shop may show only its
 * real customers' words, and must say how it collects them). The owner writes each one in the back office from what
 * a customer sent: their words, the name they are shown by (first name and last initial), where they came from (an
 * order of this shop, checked to exist, or a message on Instagram), and whether it is published. The landing shows
 * only published ones, with the line saying how they are collected, and no section without any.
 */

export const TESTIMONIAL_SOURCES = ['order', 'instagram'] as const;
export type TestimonialSource = (typeof TESTIMONIAL_SOURCES)[number];

export const TESTIMONIAL_TEXT_MAX = 500;
export const TESTIMONIAL_NAME_MAX = 40;
/** As many as the landing's strip shows. */
export const MAX_TESTIMONIALS = 50;

/** "Andrei M.", "Ana-Maria P.", "Ștefan Ț.": a first name, a space, the last name's initial and a full stop. */
export const SHOWN_NAME_PATTERN = /^\p{Lu}[\p{L}'’-]*(?:[ -]\p{Lu}[\p{L}'’-]*)? \p{Lu}\.$/u;

const orderNumber = typed(isWhole, 'admin.testimonials.problem.orderNumber', 'admin.testimonials.field.orderNumber').refine(
  (value) => value >= 1 && value <= 2_147_483_647,
  about('admin.testimonials.problem.orderNumber', 'admin.testimonials.field.orderNumber'),
);

/** Where it came from: an order of this shop (by its number), or a message on Instagram. */
const sourceSchema = z.discriminatedUnion(
  'kind',
  [z.strictObject({ kind: z.literal('order'), orderNumber }, { error: objectError }), z.strictObject({ kind: z.literal('instagram') }, { error: objectError })],
  { error: key('admin.testimonials.problem.source') },
);
export type TestimonialSourceInput = z.infer<typeof sourceSchema>;

const fields = {
  text: textField('admin.testimonials.field.text', TESTIMONIAL_TEXT_MAX),
  name: textField('admin.testimonials.field.name', TESTIMONIAL_NAME_MAX).refine((value) => SHOWN_NAME_PATTERN.test(value), key('admin.testimonials.problem.name')),
  source: sourceSchema,
  /** The language it is written in (the page marks it, for screen readers to speak it right). */
  language: z.enum(LOCALES, { error: key('admin.testimonials.problem.language') }),
  published: yesOrNo('admin.testimonials.field.published'),
};

/** POST /api/admin/testimonials: a new one, at the end of the list; unpublished unless said. */
export const testimonialRequestSchema = z.strictObject({ ...fields, language: fields.language.default('ro'), published: fields.published.default(false) }, { error: objectError });
export type TestimonialRequest = z.infer<typeof testimonialRequestSchema>;

/** PATCH /api/admin/testimonials/:id: any of its fields (Publish and Unpublish send `published` alone). */
export const testimonialChangeSchema = z
  .strictObject(
    {
      text: fields.text.optional(),
      name: fields.name.optional(),
      source: fields.source.optional(),
      language: fields.language.optional(),
      published: fields.published.optional(),
    },
    { error: objectError },
  )
  .refine((change) => Object.keys(change).length > 0, key('admin.testimonials.problem.nothingToChange'));
export type TestimonialChange = z.infer<typeof testimonialChangeSchema>;

/** PUT /api/admin/testimonials/order: every testimonial's id, in the order the landing shows them. */
export const testimonialOrderSchema = z.strictObject(
  { ids: z.array(z.int().positive(), { error: key('admin.testimonials.problem.order') }).max(MAX_TESTIMONIALS, key('admin.testimonials.problem.order')) },
  { error: objectError },
);

/** `ids` with the one at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function movedOnePlace<T>(ids: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const moved = [...ids];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

/**
 * The six testimonials the shop was built with. Nobody said them: they are shown to the owner only, in the back
 * office, as examples of what one looks like (texts in locales/admin), never to visitors.
 */
export const EXAMPLE_TESTIMONIALS = [
  { name: 'Andrei M.', city: 'Cluj-Napoca', text: 'admin.testimonials.example.1' },
  { name: 'Ioana P.', city: 'București', text: 'admin.testimonials.example.2' },
  { name: 'Mihai D.', city: 'Iași', text: 'admin.testimonials.example.3' },
  { name: 'Elena R.', city: 'Timișoara', text: 'admin.testimonials.example.4' },
  { name: 'Radu C.', city: 'Brașov', text: 'admin.testimonials.example.5' },
  { name: 'Cristina V.', city: 'Constanța', text: 'admin.testimonials.example.6' },
] as const;
