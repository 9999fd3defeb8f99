import type { PublicReview, ProductReviews as Reviews } from '../../../domain/contracts/reviews';
import { REVIEW_CHECKS_PATH } from '../../../domain/legal';
import { useI18n } from '../../lib/i18n';
import { Stars } from './Stars';

/** The id of a product page's reviews section (web/app/App.tsx hides it once the visitor goes to another page). */
export const REVIEWS_SECTION_ID = 'reviews';

const dateOf = (iso: string, locale: string) => new Intl.DateTimeFormat(locale === 'ro' ? 'ro-RO' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Bucharest' }).format(new Date(iso));

function Review({ review }: { review: PublicReview }) {
  const { t, locale } = useI18n();
  return (
    <li className="border-t border-zinc-200 py-4">
      <p className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="text-sm font-semibold text-zinc-900">{t('productReviews.rated', { rating: review.rating })}</span>
      </p>
      {review.text && (
        <p lang={review.language === locale ? undefined : review.language} className="mt-2 whitespace-pre-line text-zinc-800">
          {review.text}
        </p>
      )}
      <p className="mt-2 text-sm text-zinc-600">
        <span className="font-semibold text-green-800">✓ {t('productReviews.verifiedBuyer')}</span>
        {` · ${review.name ?? t('productReviews.anonymous')}`}
        {review.county ? ` · ${review.county}` : ''}
        {' · '}
        <time dateTime={review.createdAt}>{dateOf(review.createdAt, locale)}</time>
      </p>
    </li>
  );
}

/**
 * A product page's reviews from verified buyers (issue 49): its rating and every published review (the newest
 * REVIEWS_PER_PRODUCT), one-star ones too, each under the buyer's first name and last initial and county, and how
 * reviews are collected and checked. Static HTML the server puts after the page (web/entry-server.tsx), like the
 * footer: it costs the product page no JavaScript. `path`: the product page it belongs to.
 */
export function ProductReviewsSection({ reviews, path }: { reviews: Reviews | undefined; path: string }) {
  const { t } = useI18n();
  const count = reviews?.summary.count ?? 0;
  return (
    <section id={REVIEWS_SECTION_ID} data-path={path} aria-labelledby="reviews-title" className="mx-auto w-full max-w-6xl px-4 pb-10 sm:px-6">
      <h2 id="reviews-title" className="text-2xl font-bold">
        {t('productReviews.heading')}
      </h2>
      {reviews && count > 0 ? (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-zinc-800">
            <Stars rating={reviews.summary.average} className="text-xl" />
            <span>{t('productReviews.summary', { average: reviews.summary.average.toFixed(1), count })}</span>
          </p>
          <ul className="mt-4">
            {reviews.reviews.map((review) => (
              <Review key={review.id} review={review} />
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-zinc-700">{t('productReviews.none')}</p>
      )}
      <p className="mt-4 text-sm text-zinc-600">
        {t('productReviews.howCollected')}{' '}
        <a href={REVIEW_CHECKS_PATH} className="font-semibold text-brand-dark underline">
          {t('productReviews.howWeCheck')}
        </a>
      </p>
    </section>
  );
}
