import type { TestimonialView } from '../../../domain/contracts/testimonials';
import type { Locale } from '../../../domain/locale';
import { type TestimonialRequest, type TestimonialSource, testimonialRequestSchema } from '../../../domain/testimonials';
import { firstProblem } from '../../lib/backOffice';
import type { Translate } from '../../lib/i18n';

/** A testimonial's form as typed: the order's number as text, empty for a message on Instagram. */
export interface TestimonialFormValues {
  text: string;
  name: string;
  source: TestimonialSource;
  orderNumber: string;
  language: Locale;
  published: boolean;
}

/** A new one (from an order, in Romanian, not published), or `testimonial` to edit. */
export function testimonialValuesOf(testimonial?: TestimonialView): TestimonialFormValues {
  return {
    text: testimonial?.text ?? '',
    name: testimonial?.name ?? '',
    source: testimonial?.source ?? 'order',
    orderNumber: testimonial?.orderNumber != null ? String(testimonial.orderNumber) : '',
    language: testimonial?.language ?? 'ro',
    published: testimonial?.published ?? false,
  };
}

/** An order number as typed: digits only (spaces and a leading # forgiven), else NaN, which the schema refuses by name. */
const orderNumberOf = (typed: string) => {
  const digits = typed.trim().replace(/^#/, '');
  return /^\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN;
};

/** What the form sends, checked by the API's own schema; or its first problem, in the page's words. */
export function testimonialFromForm(t: Translate, values: TestimonialFormValues): { testimonial: TestimonialRequest } | { problem: string } {
  const parsed = testimonialRequestSchema.safeParse({
    text: values.text,
    name: values.name,
    source: values.source === 'order' ? { kind: 'order', orderNumber: orderNumberOf(values.orderNumber) } : { kind: 'instagram' },
    language: values.language,
    published: values.published,
  });
  if (parsed.success) return { testimonial: parsed.data };
  return { problem: firstProblem(t, parsed.error.issues[0], 'admin.testimonials.problem.check') };
}
