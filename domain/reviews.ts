import { z } from 'zod';
import { hasControlCharacters } from './text';

/**
 * Reviews from verified buyers (issue 49, decision 0044; OUG 58/2022 on unfair practices: a shop that shows reviews
 * must say how it makes sure they come from customers who bought the product). Only the customer of a delivered order
 * may review its products, through the signed link of the one mail sent REVIEW_REQUEST_DAYS after delivery; each line
 * once, 1 to 5 stars and words if they like. Every review is published, the one-star ones too; the owner may hide one
 * only for a reason of HIDE_REASONS, each hiding logged. A review shows "Verified buyer", the first name with the last
 * name's initial, and the county: never the full name or the address (the products are discreet).
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_TEXT_MAX = 1000;

/** Why the owner may hide a review: insults, someone's personal data, or words not about the product. Nothing else. */
export const HIDE_REASONS = ['insults', 'personalData', 'offTopic'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

/**
 * REVIEW_REQUEST_DAYS as written: days after delivery (7 when not given; a decimal is a part of a day, more than 0 and
 * at most 90), `false` for `off`, or undefined when it is neither.
 */
export function reviewRequestDaysOf(text: string | undefined): number | false | undefined {
  const written = (text ?? '').trim();
  if (written === '') return 7;
  if (written.toLowerCase() === 'off') return false;
  const days = Number(written);
  return /^\d*\.?\d+$/.test(written) && days > 0 && days <= 90 ? days : undefined;
}

/** The landing's strip shows reviews instead of the owner's testimonials from this many published ones on. */
export const REVIEWS_FOR_LANDING = 6;

/** A word with its first letter in capitals and the rest as in Romanian small letters ("ȘTEFAN" → "Ștefan"). */
const capitalised = (word: string) =>
  word
    .split('-')
    .map((part) => {
      const letters = Array.from(part.toLocaleLowerCase('ro'));
      return letters.length === 0 ? '' : `${letters[0]!.toLocaleUpperCase('ro')}${letters.slice(1).join('')}`;
    })
    .join('-');

const wordsOf = (text: string) =>
  text
    .normalize('NFC')
    .split(/\s+/u)
    .map((word) => word.replace(/[^\p{L}\p{M}'’-]/gu, '').replace(/^[-'’]+|[-'’]+$/gu, ''))
    .filter((word) => /\p{L}/u.test(word));

/** The first letter of a word, in capitals, with its diacritic ("țăranu" → "Ț"). */
const initialOf = (word: string) =>
  Array.from(word.normalize('NFC'))
    .find((letter) => /\p{L}/u.test(letter))!
    .toLocaleUpperCase('ro');

/**
 * The name a review is shown under: the first name with the last name's initial ("Maria Popescu" → "Maria P.", "ana
 * maria" "popescu-ionescu" → "Ana Maria P."), diacritics kept and the case made regular. At most two words of the
 * first name; a last name left empty with a full name in the first takes its last word's initial. Null when there is
 * no first name (an order whose details were erased): the review is then a verified buyer's without a name.
 */
export function shownName(firstName: string, lastName: string): string | null {
  let first = wordsOf(firstName);
  let last = wordsOf(lastName);
  if (last.length === 0 && first.length > 1) {
    last = first.slice(-1);
    first = first.slice(0, -1);
  }
  if (first.length === 0) return null;
  const given = first.slice(0, 2).map(capitalised).join(' ');
  return last.length > 0 ? `${given} ${initialOf(last[0]!)}.` : given;
}

export interface RatingSummary {
  /** How many reviews. */
  count: number;
  /** Their mean, to one decimal (4.7); 0 without any. */
  average: number;
  /** How many of each: index 0 is one star, 4 is five. */
  stars: [number, number, number, number, number];
}

/** The rating of a product from its published reviews' stars (1 to 5; anything else is not a rating and is left out). */
export function ratingSummary(ratings: readonly number[]): RatingSummary {
  const stars: RatingSummary['stars'] = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const rating of ratings) {
    if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) continue;
    stars[rating - 1]! += 1;
    sum += rating;
    count += 1;
  }
  return { count, average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10, stars };
}

/** The average as the page and the structured data write it: one decimal, a point ("4.5", "5.0"). */
export const averageText = (summary: RatingSummary) => summary.average.toFixed(1);

/** POST /api/orders/:id/reviews: the buyer's review of one line of their order, with the link's key. */
export const reviewSubmissionSchema = z.object({
  key: z.string({ error: 'error.order.noSuchOrder' }).max(100, 'error.order.noSuchOrder'),
  lineId: z.number({ error: 'reviews.problem.line' }).int('reviews.problem.line').min(1, 'reviews.problem.line').max(2_147_483_647, 'reviews.problem.line'),
  rating: z.number({ error: 'reviews.problem.rating' }).int('reviews.problem.rating').min(RATING_MIN, 'reviews.problem.rating').max(RATING_MAX, 'reviews.problem.rating'),
  text: z
    .string({ error: 'reviews.problem.text' })
    .max(REVIEW_TEXT_MAX * 2, 'reviews.problem.textTooLong')
    .transform((text) => text.trim())
    .refine((text) => text.length <= REVIEW_TEXT_MAX, 'reviews.problem.textTooLong')
    .refine((text) => !hasControlCharacters(text.replace(/[\n\r\t]/g, ' ')), 'reviews.problem.text')
    .optional(),
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

/** POST /api/admin/reviews/:id/hide: the reason, one of HIDE_REASONS. */
export const hideReviewSchema = z.strictObject({ reason: z.enum(HIDE_REASONS, { error: 'admin.reviews.problem.reason' }) }, { error: 'error.request.notAnObject' });
