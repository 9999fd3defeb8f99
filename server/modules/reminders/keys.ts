import { AppError } from '../../errors';
import { linkKey, sameKey } from '../../signedKeys';

/**
 * The keys of the reminders' links (decision 0045): server/signedKeys.ts's HMAC of the row's id for one use, as an
 * order's links are keyed, so they need no storage and cannot be guessed from the id.
 */
export type ReminderLinkPurpose = 'cart-restore' | 'stock-alert-confirm';

export const reminderKey = (purpose: ReminderLinkPurpose, secret: string, id: string): string => linkKey(purpose, secret, id);

/** A link whose key is not this row's finds nothing (404), the same as a row that is gone. */
export function assertReminderKey(purpose: ReminderLinkPurpose, secret: string, id: string, given: string | undefined): void {
  if (!sameKey(reminderKey(purpose, secret, id), given)) throw new AppError('not_found', { id: purpose === 'cart-restore' ? 'error.reminder.noSuchReminder' : 'error.stockAlert.noSuchAlert' });
}
