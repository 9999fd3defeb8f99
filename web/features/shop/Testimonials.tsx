const TESTIMONIALS = [
  { name: 'Andrei M.', city: 'Cluj-Napoca', text: 'The lighter is spot on. Friends have picked it up and never noticed a thing.' },
  { name: 'Ioana P.', city: 'București', text: 'I travel a lot and the belt keeps my emergency cash where nobody looks.' },
  { name: 'Mihai D.', city: 'Iași', text: 'Ordered on Monday, paid the courier on Wednesday. Simple and discreet packaging.' },
  { name: 'Elena R.', city: 'Timișoara', text: 'The car key sits on my key ring with the real ones. Clever little thing.' },
  { name: 'Radu C.', city: 'Brașov', text: 'The charger stays plugged in at the office. Perfect spot for a spare key.' },
  { name: 'Cristina V.', city: 'Constanța', text: 'Great quality for the price, and the team answered my questions quickly.' },
] as const;

function Card({ testimonial }: { testimonial: (typeof TESTIMONIALS)[number] }) {
  return (
    <figure className="w-72 shrink-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200">
      <blockquote className="text-zinc-700">“{testimonial.text}”</blockquote>
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
  return (
    <section aria-labelledby="testimonials-title" className="py-12">
      <h2 id="testimonials-title" className="px-4 text-center text-2xl font-bold">
        What our customers say
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useSemanticElements: a scrollable region must take focus to scroll by keyboard (axe scrollable-region-focusable); a <section> would add a second heading level */}
      <div className="marquee mt-6 overflow-x-auto motion-safe:overflow-x-hidden" tabIndex={0} aria-label="Customer testimonials" role="region">
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
