import { describe, expect, it } from 'vitest';
import { averageText, hideReviewSchema, ratingSummary, reviewRequestDaysOf, reviewSubmissionSchema, shownName } from './reviews';

describe('the name a review is shown under (shownName)', () => {
  it('is the first name with the last name’s initial', () => {
    expect(shownName('Maria', 'Popescu')).toBe('Maria P.');
    expect(shownName('  Andrei ', ' Munteanu  ')).toBe('Andrei M.');
  });

  it('keeps a first name of two words or a hyphen, and takes the first of several last names', () => {
    expect(shownName('Ana Maria', 'Popescu Ionescu')).toBe('Ana Maria P.');
    expect(shownName('Ana-Maria', 'Popescu-Ionescu')).toBe('Ana-Maria P.');
    // At most two words of the first name: a third would say more than a first name.
    expect(shownName('Maria Elena Cristina', 'Dumitrescu')).toBe('Maria Elena D.');
  });

  it('keeps the diacritics, in either Unicode form, and makes the case regular', () => {
    expect(shownName('ȘTEFAN', 'țăranu')).toBe('Ștefan Ț.');
    expect(shownName('ioana', 'ștefănescu')).toBe('Ioana Ș.');
    // Ș written as S and a combining comma below.
    expect(shownName('Andreea', 'S\u0326erban')).toBe('Andreea Ș.');
    expect(shownName('Îonuț', 'Ălbu')).toBe('Îonuț Ă.');
  });

  it('never shows a full name: a whole name typed as the first name gives its last word’s initial', () => {
    expect(shownName('Maria Popescu', '')).toBe('Maria P.');
    expect(shownName('Maria', '')).toBe('Maria');
  });

  it('drops what is not a letter, and is null without a first name (details erased)', () => {
    expect(shownName('Ion (Nelu)', 'Vasile')).toBe('Ion Nelu V.');
    expect(shownName('', '')).toBeNull();
    expect(shownName('', 'Popescu')).toBeNull();
    expect(shownName('123', '!!')).toBeNull();
  });
});

describe('a product’s rating (ratingSummary)', () => {
  it('counts every review and averages them to one decimal', () => {
    const summary = ratingSummary([5, 4, 5, 1, 5, 4]);
    expect(summary).toEqual({ count: 6, average: 4, stars: [1, 0, 0, 2, 3] });
    expect(averageText(summary)).toBe('4.0');
    expect(ratingSummary([5, 4, 4])).toMatchObject({ count: 3, average: 4.3 });
    expect(ratingSummary([5, 5, 4, 4])).toMatchObject({ average: 4.5 });
    expect(ratingSummary([1])).toEqual({ count: 1, average: 1, stars: [1, 0, 0, 0, 0] });
  });

  it('is none without reviews, and leaves out what is not a rating', () => {
    expect(ratingSummary([])).toEqual({ count: 0, average: 0, stars: [0, 0, 0, 0, 0] });
    expect(ratingSummary([0, 6, 2.5, Number.NaN, 3])).toEqual({ count: 1, average: 3, stars: [0, 0, 1, 0, 0] });
  });
});

describe('what a review and a hiding accept', () => {
  const good = { key: 'k', lineId: 1, rating: 5 };
  it('a rating of 1 to 5 stars and optional words, trimmed, at most 1000 characters', () => {
    expect(reviewSubmissionSchema.parse({ ...good, text: '  Good.  ' })).toEqual({ ...good, text: 'Good.' });
    expect(reviewSubmissionSchema.parse({ ...good, text: 'Line one.\nLine two.' }).text).toBe('Line one.\nLine two.');
    for (const rating of [0, 6, 4.5, '5']) expect(reviewSubmissionSchema.safeParse({ ...good, rating }).error?.issues[0]?.message).toBe('reviews.problem.rating');
    expect(reviewSubmissionSchema.safeParse({ ...good, text: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe('reviews.problem.textTooLong');
    expect(reviewSubmissionSchema.safeParse({ ...good, text: 'bell\u0007' }).error?.issues[0]?.message).toBe('reviews.problem.text');
  });

  it('a hiding only for a listed reason', () => {
    expect(hideReviewSchema.parse({ reason: 'insults' })).toEqual({ reason: 'insults' });
    for (const reason of ['spam', '', undefined]) expect(hideReviewSchema.safeParse({ reason }).success).toBe(false);
  });
});

describe('REVIEW_REQUEST_DAYS (reviewRequestDaysOf)', () => {
  it('is days after delivery, 7 when not given, a part of a day as a decimal, or off', () => {
    expect(reviewRequestDaysOf(undefined)).toBe(7);
    expect(reviewRequestDaysOf(' ')).toBe(7);
    expect(reviewRequestDaysOf('14')).toBe(14);
    expect(reviewRequestDaysOf('0.5')).toBe(0.5);
    expect(reviewRequestDaysOf('OFF')).toBe(false);
    for (const wrong of ['0', '-1', '91', 'seven', '1e3', '7 days']) expect(reviewRequestDaysOf(wrong), wrong).toBeUndefined();
  });
});
