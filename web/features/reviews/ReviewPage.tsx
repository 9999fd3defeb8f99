import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { lineName } from '../../../domain/catalog';
import { type ReviewPage as Page, publicReviewSchema, reviewPageSchema } from '../../../domain/contracts/reviews';
import { REVIEW_CHECKS_PATH } from '../../../domain/legal';
import { inputClass, primaryButton } from '../../components/ui/styles';
import { ApiError, apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Stars } from './Stars';

type Line = Page['lines'][number];

const RATINGS = [5, 4, 3, 2, 1] as const;

/** One product of the order: its stars and words, and Publish review; once reviewed, the review and the thanks. */
function LineReview({ line, path, reviewKey, reviewed }: { line: Line; path: string; reviewKey: string; reviewed: (line: Line) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);
  const thanks = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (thanked) thanks.current?.focus();
  }, [thanked]);
  const name = lineName(line.name, line.colour);

  async function publish(event: FormEvent) {
    event.preventDefault();
    if (rating === null) {
      setProblem(t('reviews.problem.rating'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const review = await apiRequest(path, publicReviewSchema, { method: 'POST', body: JSON.stringify({ key: reviewKey, lineId: line.lineId, rating, text: text.trim() === '' ? undefined : text }) });
      setThanked(true);
      reviewed({ ...line, review: { rating: review.rating, text: review.text } });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('reviews.failed'));
    }
    setBusy(false);
  }

  if (line.review) {
    return (
      <li className="rounded-xl border border-zinc-200 p-4">
        <h2 className="font-semibold">{name}</h2>
        {thanked && (
          <p ref={thanks} tabIndex={-1} role="status" className="mt-2 rounded-lg bg-green-50 p-3 text-green-900 focus:outline-none">
            {t('reviews.thanks')}
          </p>
        )}
        <p className="mt-2 flex items-center gap-2">
          <Stars rating={line.review.rating} />
          <span>{t('reviews.yourRating', { rating: line.review.rating })}</span>
        </p>
        {line.review.text && <p className="mt-1 whitespace-pre-line text-zinc-700">{line.review.text}</p>}
      </li>
    );
  }
  if (!line.reviewable) {
    return (
      <li className="rounded-xl border border-zinc-200 p-4">
        <h2 className="font-semibold">{name}</h2>
        <p className="mt-2 text-zinc-700">{t('reviews.notReviewable')}</p>
      </li>
    );
  }
  return (
    <li className="rounded-xl border border-zinc-200 p-4">
      <form onSubmit={(event) => void publish(event)} aria-labelledby={`${id}-name`} noValidate>
        <h2 id={`${id}-name`} className="font-semibold">
          {name}
        </h2>
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-zinc-800">{t('reviews.ratingLabel', { product: name })}</legend>
          <div className="mt-2 flex flex-col gap-1">
            {RATINGS.map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-3">
                <input type="radio" name={`${id}-rating`} value={value} checked={rating === value} onChange={() => setRating(value)} className="size-5 accent-brand" />
                <Stars rating={value} />
                <span>{t('reviews.stars', { rating: value })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={`${id}-text`} className="mt-3 block text-sm font-medium text-zinc-800">
          {t('reviews.textLabel')}
        </label>
        <textarea id={`${id}-text`} value={text} onChange={(event) => setText(event.target.value)} maxLength={1000} rows={4} className={`${inputClass} py-2`} />
        {problem && (
          <p role="alert" className="mt-2 text-red-700">
            {problem}
          </p>
        )}
        <button type="submit" className={`${primaryButton} mt-3`} disabled={busy}>
          {busy ? t('reviews.publishing') : t('reviews.publish')}
        </button>
      </form>
    </li>
  );
}

/**
 * The page of the review link in the mail asking for a review (issue 49): /orders/{id}/review?key=…. It lists what the
 * buyer bought, each product rated from 1 to 5 with words if they like, and says how the review will be shown (first
 * name and last initial, county). Opening it changes nothing; each Publish review is its own request. An altered link
 * finds no order.
 */
export default function ReviewPage() {
  const { t } = useI18n();
  useDocumentTitle(t('reviews.title'));
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const [page, setPage] = useState<Page | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    apiRequest(`/orders/${encodeURIComponent(id)}/review?key=${encodeURIComponent(key)}`, reviewPageSchema)
      .then(setPage)
      .catch((error: unknown) =>
        setProblem(
          error instanceof ApiError && error.status === 409 ? error.message : t(error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'order.notFound' : 'order.loadFailed'),
        ),
      );
  }, [id, key, t]);

  const reviewed = (line: Line) => setPage((current) => current && { ...current, lines: current.lines.map((other) => (other.lineId === line.lineId ? line : other)) });
  const shownAs = page && [page.shownName ?? t('reviews.anonymous'), page.county, t('reviews.verifiedBuyer')].filter(Boolean).join(' · ');

  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('reviews.title')}</h1>
      {!page && !problem && (
        <p role="status" className="mt-6 text-zinc-600">
          {t('order.loading')}
        </p>
      )}
      {problem && (
        <div className="mt-6 flex flex-col items-start gap-3">
          <p role="alert">{problem}</p>
          <Link to="/shop" className={primaryButton}>
            {t('order.browseCollection')}
          </Link>
        </div>
      )}
      {page && (
        <>
          <p className="mt-4 text-zinc-700">{t('reviews.lead', { number: String(page.number) })}</p>
          <p className="mt-2 text-sm text-zinc-600">
            {t('reviews.shownAs', { shown: shownAs ?? '' })}{' '}
            <a href={REVIEW_CHECKS_PATH} className="font-semibold text-brand-dark underline">
              {t('reviews.howWeCheck')}
            </a>
          </p>
          <ul className="mt-6 flex flex-col gap-4">
            {page.lines.map((line) => (
              <LineReview key={line.lineId} line={line} path={`/orders/${encodeURIComponent(id)}/reviews`} reviewKey={key} reviewed={reviewed} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
