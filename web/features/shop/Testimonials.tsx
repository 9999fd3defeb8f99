import { useI18n } from '../../lib/i18n';

const TESTIMONIALS = [
  { name: 'Andrei M.', city: 'Cluj-Napoca', text: 'testimonials.1' },
  { name: 'Ioana P.', city: 'București', text: 'testimonials.2' },
  { name: 'Mihai D.', city: 'Iași', text: 'testimonials.3' },
  { name: 'Elena R.', city: 'Timișoara', text: 'testimonials.4' },
  { name: 'Radu C.', city: 'Brașov', text: 'testimonials.5' },
  { name: 'Cristina V.', city: 'Constanța', text: 'testimonials.6' },
] as const;

function Card({ testimonial }: { testimonial: (typeof TESTIMONIALS)[number] }) {
  const { t } = useI18n();
  return (
    <figure className="w-72 shrink-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200">
      <blockquote className="text-zinc-700">“{t(testimonial.text)}”</blockquote>
      <figcaption className="mt-3 text-sm font-semibold text-zinc-900">
        {testimonial.name} <span className="font-normal text-zinc-600">· {testimonial.city}</span>
      </figcaption>
    </figure>
  );
}

/**
 * Six fixed testimonials in a strip that scrolls on its own, pauses on hover or focus, and
 * stands still (scrollable by hand) for visitors who prefer reduced motion.
 */
export function Testimonials() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="testimonials-title" className="py-12">
      <h2 id="testimonials-title" className="px-4 text-center text-2xl font-bold">
        {t('testimonials.heading')}
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useSemanticElements: a scrollable region must take focus to scroll by keyboard (axe scrollable-region-focusable); a <section> would add a second heading level */}
      <div className="marquee mt-6 overflow-x-auto motion-safe:overflow-x-hidden" tabIndex={0} aria-label={t('testimonials.region')} role="region">
        <div className="marquee-track flex w-max gap-4 pl-4">
          {TESTIMONIALS.map((testimonial) => (
            <Card key={testimonial.name} testimonial={testimonial} />
          ))}
          {/* A second copy makes the loop seamless; assistive technology reads the first only. */}
          <div aria-hidden="true" className="flex gap-4 pr-4 motion-reduce:hidden">
            {TESTIMONIALS.map((testimonial) => (
              <Card key={testimonial.name} testimonial={testimonial} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
