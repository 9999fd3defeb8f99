import { z } from 'zod';
import { reviewRequestDaysOf } from '../../../domain/reviews';

/**
 * REVIEW_REQUEST_DAYS (server/env.ts): days after delivery the one mail asking for a review is sent (issue 49; 7 when
 * not set, a decimal is a part of a day), or `false` for `off`.
 */
export const reviewRequestDaysSetting = z
  .string()
  .optional()
  .transform((text, context) => {
    const days = reviewRequestDaysOf(text);
    if (days !== undefined) return days;
    context.addIssue({ code: 'custom', message: 'must be a number of days, more than 0 and at most 90, or off' });
    return z.NEVER;
  });
