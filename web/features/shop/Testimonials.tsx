import type { PublicTestimonial, PublicTestimonialList } from '../../../domain/contracts/testimonials';
import { REVIEW_CHECKS_PATH } from '../../../domain/legal';
import { fetchApi } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { createSharedResource } from '../../lib/sharedResource';

// The owner's published testimonials (GET /api/testimonials), asked for once the page has taken over; none until then,
// and none when asking fails (the landing then has no testimonials, never made-up ones).
const published = createSharedResource<PublicTestimonial[]>([], {
  load: async () => (await fetchApi<PublicTestimonialList>('/testimonials')).testimonials,
  fallback: () => [],
});

function Card({ testimonial }: { testimonial: PublicTestimonial }) {
  const { t, locale } = useI18n();
  return (
    <figure className="w-72 shrink-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200">
      <blockquote lang={testimonial.language === locale ? undefined : testimonial.language} className="text-zinc-700">
        “{testimonial.text}”
      </blockquote>
      {testimonial.source === 'review' ? (
        <figcaption className="mt-3 text-sm text-zinc-600">
          <span className="block font-semibold text-zinc-900">
            <span aria-hidden="true" className="text-amber-700">
              {'★'.repeat(testimonial.rating ?? 0)}
            </span>{' '}
            {t('testimonials.rated', { rating: testimonial.rating ?? 0 })}
          </span>
          <span className="font-semibold text-zinc-900">{testimonial.name || t('testimonials.anonymous')}</span>
          {testimonial.county ? ` · ${testimonial.county}` : ''} · <span className="font-semibold text-green-800">✓ {t('testimonials.verifiedBuyer')}</span>
        </figcaption>
      ) : (
        <figcaption className="mt-3 text-sm font-semibold text-zinc-900">
          {testimonial.name} <span className="font-normal text-zinc-600">· {t(testimonial.source === 'order' ? 'testimonials.fromOrder' : 'testimonials.fromInstagram')}</span>
        </figcaption>
      )}
    </figure>
  );
}

/**
 * The owner's published testimonials (domain/testimonials.ts: real customers' words only, OUG 58/2022), or the reviews
 * from verified buyers once there are six with words (domain/reviews.ts), in a strip
 * that scrolls on its own, pauses on hover or focus, and stands still (scrollable by hand) for visitors who prefer
 * reduced motion; with the line saying how they are collected. No section at all when there are none.
 */
export function Testimonials() {
  const { t } = useI18n();
  const testimonials = published.use();
  if (testimonials.length === 0) return null;
  // Reviews from verified buyers, once there are enough (issue 49), or the owner's testimonials: never both.
  const reviews = testimonials[0]?.source === 'review';
  return (
    <section aria-labelledby="testimonials-title" className="py-12">
      <h2 id="testimonials-title" className="px-4 text-center text-2xl font-bold">
        {t(reviews ? 'testimonials.reviewsHeading' : 'testimonials.heading')}
      </h2>
      {reviews ? (
        <p className="mx-auto mt-2 max-w-2xl px-4 text-center text-sm text-zinc-600">
          {t('testimonials.reviewsCollected')}{' '}
          <a href={REVIEW_CHECKS_PATH} className="font-semibold text-brand-dark underline">
            {t('testimonials.howWeCheck')}
          </a>
        </p>
      ) : (
        <p className="mx-auto mt-2 max-w-2xl px-4 text-center text-sm text-zinc-600">{t('testimonials.howCollected')}</p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useSemanticElements: a scrollable region must take focus to scroll by keyboard (axe scrollable-region-focusable); a <section> would add a second heading level */}
      <div className="marquee mt-6 overflow-x-auto motion-safe:overflow-x-hidden" tabIndex={0} aria-label={t('testimonials.region')} role="region">
        <div className="marquee-track flex w-max gap-4 pl-4">
          {testimonials.map((testimonial) => (
            <Card key={testimonial.id} testimonial={testimonial} />
          ))}
          {/* A second copy makes the loop seamless; assistive technology reads the first only. */}
          <div aria-hidden="true" className="flex gap-4 pr-4 motion-reduce:hidden">
            {testimonials.map((testimonial) => (
              <Card key={testimonial.id} testimonial={testimonial} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
