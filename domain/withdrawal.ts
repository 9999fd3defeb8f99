import { z } from 'zod';
import { addDays, deadlineUrgency, workingDayFrom } from './calendar';
import { emailSchema } from './email';
import { ibanOf } from './iban';
import { WITHDRAWAL_DAYS } from './legal';
import { bucharestDay } from './locale';
import { plainText } from './text';

/** Longest text the customer may add (which products, why): a few sentences. */
export const WITHDRAWAL_NOTE_MAX = 1000;

/**
 * A withdrawal from a purchase through the shop's online form (OUG 34/2014 art. 11): the order's
 * number and the email it was placed with, and optionally which products and why; for an order paid in cash, the
 * IBAN its refund is paid into (required once the courier collected the cash). The form and
 * POST /api/orders/withdrawal parse it with this one schema.
 */
export const withdrawalRequestSchema = z.object({
  orderNumber: z.number({ error: 'error.withdrawal.orderNumber' }).int('error.withdrawal.orderNumber').min(1, 'error.withdrawal.orderNumber').max(2_147_483_647, 'error.withdrawal.orderNumber'),
  email: emailSchema,
  products: plainText('Products', 'error.withdrawal.products.notText', 'error.withdrawal.products.controlCharacters').max(WITHDRAWAL_NOTE_MAX, 'error.withdrawal.products.tooLong').optional(),
  reason: plainText('Reason', 'error.withdrawal.reason.notText', 'error.withdrawal.reason.controlCharacters').max(WITHDRAWAL_NOTE_MAX, 'error.withdrawal.reason.tooLong').optional(),
  /** For an order paid in cash, the account the refund is paid into (an EU IBAN, domain/iban.ts), in its electronic form. */
  iban: z
    .string({ error: 'error.withdrawal.iban.invalid' })
    .max(64, 'error.withdrawal.iban.invalid')
    .transform((typed, context) => {
      const checked = ibanOf(typed);
      if ('iban' in checked) return checked.iban;
      context.addIssue({ code: 'custom', message: checked.problem === 'country' ? 'error.withdrawal.iban.country' : 'error.withdrawal.iban.invalid' });
      return z.NEVER;
    })
    .optional(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** What the customer wrote, as one note for the order and its timeline (null when nothing). */
export function withdrawalNoteOf(request: Pick<WithdrawalRequest, 'products' | 'reason'>): string | null {
  const parts = [request.products ? `Products: ${request.products}` : '', request.reason ? `Reason: ${request.reason}` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** What the order's timeline says of a withdrawal asked for online (stored with the event, in the owner's words). */
export const WITHDRAWAL_TIMELINE_NOTE = 'Withdrawal requested by the customer (online form, OUG 34/2014)';

/**
 * The last day (YYYY-MM-DD, Bucharest) a customer may withdraw from goods received at `receivedAt`:
 * 14 days after the day they were received (OUG 34/2014 art. 9), and, when that day is a Saturday, a
 * Sunday or a public holiday, the next working day (Regulation 1182/71 art. 3(4), which the Consumer
 * Rights Directive's recital 41 applies to this period).
 */
export function withdrawalLastDay(receivedAt: Date): string {
  return workingDayFrom(addDays(bucharestDay(receivedAt), WITHDRAWAL_DAYS));
}

/** Whether a withdrawal may still be asked for at `now`: always before the goods were received (`lastDay` null). */
export function withdrawalOpen(lastDay: string | null, now: Date): boolean {
  return lastDay === null || bucharestDay(now) <= lastDay;
}

/** The shop pays a withdrawal's refund within this many days of the statement (OUG 34/2014 art. 13(1)). */
export const REFUND_DAYS = 14;

/** The owner is warned this many days before a refund's last day (issue 45). */
export const REFUND_WARNING_DAYS = 2;

/**
 * The last day (YYYY-MM-DD, Bucharest) the shop may pay the refund of a withdrawal that reached it at `statedAt`: 14
 * days after that day (OUG 34/2014 art. 13(1)), and, when that day is a Saturday, a Sunday or a public holiday, the
 * next working day, as for the customer's own period (Regulation 1182/71 art. 3(4)). The shop may hold the refund
 * until it has the goods back or proof they were sent (art. 13(3)); the day itself does not move.
 */
export function refundDueDay(statedAt: Date): string {
  return workingDayFrom(addDays(bucharestDay(statedAt), REFUND_DAYS));
}

/** How pressing a refund due on `dueDay` is on `today`: `due` from two days before it, `late` after it. */
export function refundUrgency(dueDay: string, today: string): 'late' | 'due' | null {
  return deadlineUrgency(dueDay, today, REFUND_WARNING_DAYS);
}
