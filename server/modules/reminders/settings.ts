import { z } from 'zod';
import { DEFAULT_REMINDER_HOURS } from '../../../domain/reminders';

/**
 * CART_REMINDER_HOURS (server/env.ts): hours after the visitor last changed the address or the cart before the one cart
 * reminder they consented to is mailed, if no order followed (decision 0045; fractions allowed); `off`: none is sent
 * and the checkout offers none.
 */
export const cartReminderHoursSetting = z
  .union([z.literal('off'), z.coerce.number({ error: 'must be a number of hours, or off' }).positive('must be more than 0 hours, or off').max(720)])
  .default(DEFAULT_REMINDER_HOURS);
