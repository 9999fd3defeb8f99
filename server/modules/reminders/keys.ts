import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors';

/**
 * The keys of the reminders' links (decision 0045): an HMAC of the row's id under the shop's secret for one use, as an
 * order's links are keyed (orders/accessToken.ts), so they need no storage and cannot be guessed from the id.
 */
export type ReminderLinkPurpose = 'cart-restore' | 'stock-alert-confirm';

export const reminderKey = (purpose: ReminderLinkPurpose, secret: string, id: string): string => createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);

/** Whether `given` is the key of this row for this use, compared in constant time. */
export function isReminderKey(purpose: ReminderLinkPurpose, secret: string, id: string, given: string | undefined): boolean {
  if (!given) return false;
  const [a, b] = [Buffer.from(reminderKey(purpose, secret, id)), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A link whose key is not this row's finds nothing (404), the same as a row that is gone. */
export function assertReminderKey(purpose: ReminderLinkPurpose, secret: string, id: string, given: string | undefined): void {
  if (!isReminderKey(purpose, secret, id, given)) throw new AppError('not_found', { id: purpose === 'cart-restore' ? 'error.reminder.noSuchReminder' : 'error.stockAlert.noSuchAlert' });
}
