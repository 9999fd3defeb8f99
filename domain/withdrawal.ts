import { z } from 'zod';
import { addDays, deadlineUrgency, workingDayFrom } from './calendar';
import { lineName } from './catalog';
import { emailSchema } from './email';
import { ibanOf } from './iban';
import { WITHDRAWAL_DAYS } from './legal';
import { bucharestDay } from './locale';
import { plainText } from './text';

/** Longest text the customer may add (which products, why): a few sentences. */
export const WITHDRAWAL_NOTE_MAX = 1000;

/** One product of the order the customer sends back, and how many of its units (at most what they bought and have not withdrawn from). */
export const withdrawnLineSchema = z.object({
  lineId: z.number({ error: 'error.withdrawal.lines.unknown' }).int('error.withdrawal.lines.unknown').min(1, 'error.withdrawal.lines.unknown').max(2_147_483_647, 'error.withdrawal.lines.unknown'),
  quantity: z.number({ error: 'error.withdrawal.lines.quantity' }).int('error.withdrawal.lines.quantity').min(1, 'error.withdrawal.lines.quantity').max(99, 'error.withdrawal.lines.quantity'),
});
export type WithdrawnLine = z.infer<typeof withdrawnLineSchema>;

/** How an order is found for its withdrawal: its number and the email it was placed with (the statement's first step). */
export const withdrawalLookupSchema = z.object({
  orderNumber: z.number({ error: 'error.withdrawal.orderNumber' }).int('error.withdrawal.orderNumber').min(1, 'error.withdrawal.orderNumber').max(2_147_483_647, 'error.withdrawal.orderNumber'),
  email: emailSchema,
});

/**
 * A withdrawal from a purchase through the shop's withdrawal function (OUG 34/2014 art. 11¹): the order's number and
 * the email it was placed with, which of its products and how many units, optionally why; for an order paid in cash,
 * the IBAN its refund is paid into (required once the courier collected the cash). The form and
 * POST /api/orders/withdrawal parse it with this one schema.
 */
export const withdrawalRequestSchema = withdrawalLookupSchema.extend({
  lines: z
    .array(withdrawnLineSchema, { error: 'error.withdrawal.lines.none' })
    .min(1, 'error.withdrawal.lines.none')
    .max(50, 'error.withdrawal.lines.unknown')
    .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, 'error.withdrawal.lines.unknown'),
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

/**
 * How many units of each of an order's lines are still the customer's to withdraw from: what they bought less what
 * their earlier withdrawals named (a second withdrawal of the same units is refused).
 */
export function unitsLeft(lines: readonly { id: number; quantity: number }[], withdrawn: readonly { lineId: number; quantity: number }[]): Map<number, number> {
  const left = new Map(lines.map((line) => [line.id, line.quantity]));
  for (const earlier of withdrawn) left.set(earlier.lineId, (left.get(earlier.lineId) ?? 0) - earlier.quantity);
  return left;
}

/**
 * The first thing wrong with the units a statement names, against what is left (`unitsLeft`): a line not in the order,
 * or more units than are left (none left: already withdrawn from). Null when it may be recorded.
 */
export function withdrawnLinesProblem(
  named: readonly WithdrawnLine[],
  left: ReadonlyMap<number, number>,
): { problem: 'unknown' } | { problem: 'tooMany' | 'already'; lineId: number; left: number } | null {
  for (const line of named) {
    const available = left.get(line.lineId);
    if (available === undefined) return { problem: 'unknown' };
    if (line.quantity > available) return { problem: available <= 0 ? 'already' : 'tooMany', lineId: line.lineId, left: Math.max(available, 0) };
  }
  return null;
}

/**
 * The units a statement names of an order's lines, as the receipt, the mails, the order's page and the timeline say
 * them: "2 × Dummy Lighter (Black), 1 × Dummy Key" (each line named as the order sold it, with its colour).
 */
export function withdrawnText(lines: readonly { id: number; name: string; colour: string | null }[], units: readonly { lineId: number; quantity: number }[]): string {
  return units
    .map((unit) => {
      const line = lines.find((item) => item.id === unit.lineId);
      return `${unit.quantity} × ${line ? lineName(line.name, line.colour) : '?'}`;
    })
    .join(', ');
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
