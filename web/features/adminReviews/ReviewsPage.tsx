import { useCallback, useEffect, useId, useState } from 'react';
import type { AdminReview, ReviewLogEntry } from '../../../domain/contracts/reviews';
import { HIDE_REASONS, type HideReason } from '../../../domain/reviews';
import { Feedback } from '../../components/ui/Feedback';
import { inputClass, secondaryButton } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { useBackOfficeTitle } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';
import { fetchReviews, hideReview, showReview } from './api';

const when = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale === 'ro' ? 'ro-RO' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Bucharest' }).format(new Date(iso));

/** One review: its stars, words, buyer as shown, order; Hide with a reason, or Show again once hidden. */
function ReviewItem({ review, busy, hide, show }: { review: AdminReview; busy: boolean; hide: (reason: HideReason) => void; show: () => void }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [reason, setReason] = useState<HideReason | ''>('');
  const [missing, setMissing] = useState(false);
  const name = review.name ?? t('admin.reviews.anonymous');
  const values = { product: review.productName, name };
  return (
    <li className={`rounded-xl p-4 ring-1 ${review.hidden ? 'bg-zinc-100 ring-zinc-300' : 'bg-white ring-zinc-200'}`}>
      <p className="font-semibold">
        {review.productName} · {t('admin.reviews.rated', { rating: review.rating })}
      </p>
      <p lang={review.language === locale ? undefined : review.language} className="mt-1 whitespace-pre-line text-zinc-800">
        {review.text ?? t('admin.reviews.noText')}
      </p>
      <p className="mt-1 text-sm text-zinc-600">{[name, review.county, t('admin.reviews.order', { number: review.orderNumber }), when(review.createdAt, locale)].filter(Boolean).join(' · ')}</p>
      <p className="mt-1 text-sm font-semibold">{review.hidden ? t('admin.reviews.hiddenBecause', { reason: t(`admin.reviews.reason.${review.hidden.reason}`) }) : t('admin.reviews.published')}</p>
      {review.hidden ? (
        <button type="button" className={`${secondaryButton} mt-2`} disabled={busy} onClick={show} aria-label={t('admin.reviews.showOne', values)}>
          {t('admin.reviews.show')}
        </button>
      ) : (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
              {t('admin.reviews.reasonLabel', values)}
            </label>
            <select
              id={`${id}-reason`}
              value={reason}
              aria-invalid={missing || undefined}
              onChange={(event) => {
                setReason(event.target.value as HideReason | '');
                setMissing(false);
              }}
              className={inputClass}
            >
              <option value="">{t('admin.reviews.reasonChoose')}</option>
              {HIDE_REASONS.map((option) => (
                <option key={option} value={option}>
                  {t(`admin.reviews.reason.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={secondaryButton} disabled={busy} aria-label={t('admin.reviews.hideOne', values)} onClick={() => (reason ? hide(reason) : setMissing(true))}>
            {t('admin.reviews.hide')}
          </button>
          {missing && (
            <p role="alert" className="w-full text-red-700">
              {t('admin.reviews.problem.reason')}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

function LogEntry({ entry }: { entry: ReviewLogEntry }) {
  const { t, locale } = useI18n();
  const values = { at: when(entry.at, locale), product: entry.productName, id: String(entry.reviewId), by: entry.by ?? t('admin.reviews.log.someone') };
  return (
    <li className="text-sm text-zinc-700">
      {entry.action === 'hidden' && entry.reason ? t('admin.reviews.log.hidden', { ...values, reason: t(`admin.reviews.reason.${entry.reason}`) }) : t('admin.reviews.log.shown', values)}
    </li>
  );
}

/**
 * /admin/reviews (issue 49): every review from verified buyers, newest first, published unless hidden. The owner may
 * hide one only for a listed reason (insults, personal data, off-topic) and show it again; the log lists each hiding.
 */
export default function ReviewsPage() {
  const { t } = useI18n();
  useBackOfficeTitle(t('admin.reviews.heading'));
  const [reviews, setReviews] = useState<AdminReview[] | null>(null);
  const [log, setLog] = useState<ReviewLogEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(
    () =>
      fetchReviews().then((answer) => {
        setReviews(answer.reviews);
        setLog(answer.log);
      }),
    [],
  );
  useEffect(() => {
    load().catch((failure: unknown) => setProblem(failure instanceof ApiError ? failure.message : t('admin.somethingWrong')));
  }, [load, t]);

  async function act(change: () => Promise<unknown>, doneText: string) {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await change();
      await load();
      setDone(doneText);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : t('admin.reviews.problem.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin.reviews.heading')}</h1>
      <p className="text-zinc-700">{t('admin.reviews.intro')}</p>
      <Feedback problem={problem} done={done} />
      <section aria-labelledby="reviews-list">
        <h2 id="reviews-list" className="text-xl font-semibold">
          {t('admin.reviews.list')}
        </h2>
        {!reviews && !problem && (
          <p role="status" className="mt-2 text-zinc-600">
            {t('admin.reviews.loading')}
          </p>
        )}
        {reviews && reviews.length === 0 && <p className="mt-2 text-zinc-700">{t('admin.reviews.none')}</p>}
        {reviews && reviews.length > 0 && (
          <ul className="mt-3 space-y-3">
            {reviews.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                busy={busy}
                hide={(reason) => void act(() => hideReview(review.id, reason), t('admin.reviews.hidden'))}
                show={() => void act(() => showReview(review.id), t('admin.reviews.shown'))}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="reviews-log">
        <h2 id="reviews-log" className="text-xl font-semibold">
          {t('admin.reviews.log')}
        </h2>
        {log.length === 0 ? (
          <p className="mt-2 text-zinc-700">{t('admin.reviews.logNone')}</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {log.map((entry) => (
              <LogEntry key={`${entry.reviewId}-${entry.at}-${entry.action}`} entry={entry} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
