import { z } from 'zod';
import { emailSchema } from './email';
import { WITHDRAWAL_DAYS } from './legal';
import { bucharestDay } from './locale';
import { plainText } from './text';

/** Longest text the customer may add (which products, why): a few sentences. */
export const WITHDRAWAL_NOTE_MAX = 1000;

/**
 * A withdrawal from a purchase through the shop's online form (OUG 34/2014 art. 11): the order's
 * number and the email it was placed with, and optionally which products and why. The form and
 * POST /api/orders/withdrawal parse it with this one schema.
 */
export const withdrawalRequestSchema = z.object({
  orderNumber: z
    .number({ error: 'error.withdrawal.orderNumber' })
    .int('error.withdrawal.orderNumber')
    .min(1, 'error.withdrawal.orderNumber')
    .max(2_147_483_647, 'error.withdrawal.orderNumber'),
  email: emailSchema,
  products: plainText('Products', 'error.withdrawal.products.notText', 'error.withdrawal.products.controlCharacters').max(WITHDRAWAL_NOTE_MAX, 'error.withdrawal.products.tooLong').optional(),
  reason: plainText('Reason', 'error.withdrawal.reason.notText', 'error.withdrawal.reason.controlCharacters').max(WITHDRAWAL_NOTE_MAX, 'error.withdrawal.reason.tooLong').optional(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** What the customer wrote, as one note for the order and its timeline (null when nothing). */
export function withdrawalNoteOf(request: Pick<WithdrawalRequest, 'products' | 'reason'>): string | null {
  const parts = [request.products ? `Products: ${request.products}` : '', request.reason ? `Reason: ${request.reason}` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** What the order's timeline says of a withdrawal asked for online (stored with the event, in the owner's words). */
export const WITHDRAWAL_TIMELINE_NOTE = 'Withdrawal requested by the customer (online form, OUG 34/2014)';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** Orthodox Easter Sunday of `year` (YYYY-MM-DD, Gregorian): Meeus' Julian algorithm, 13 days on (1900–2099). */
export function orthodoxEaster(year: number): string {
  const d = (19 * (year % 19) + 15) % 30;
  const e = (2 * (year % 4) + 4 * (year % 7) - d + 34) % 7;
  const julian = Date.UTC(year, Math.floor((d + e + 114) / 31) - 1, ((d + e + 114) % 31) + 1) / DAY_MS;
  return dayOf(julian + 13);
}

/** Romania's public holidays in `year` (Labour Code art. 139), as YYYY-MM-DD. */
export function romanianPublicHolidays(year: number): Set<string> {
  const easter = dayNumber(orthodoxEaster(year));
  const fixed = ['01-01', '01-02', '01-06', '01-07', '01-24', '05-01', '06-01', '08-15', '11-30', '12-01', '12-25', '12-26'].map((day) => `${year}-${day}`);
  // Good Friday, Easter Sunday and Monday, Pentecost (Rusalii) Sunday and Monday.
  return new Set([...fixed, ...[-2, 0, 1, 49, 50].map((offset) => dayOf(easter + offset))]);
}

/**
 * The last day (YYYY-MM-DD, Bucharest) a customer may withdraw from goods received at `receivedAt`:
 * 14 days after the day they were received (OUG 34/2014 art. 9), and, when that day is a Saturday, a
 * Sunday or a public holiday, the next working day (Regulation 1182/71 art. 3(4), which the Consumer
 * Rights Directive's recital 41 applies to this period).
 */
export function withdrawalLastDay(receivedAt: Date): string {
  let last = dayNumber(bucharestDay(receivedAt)) + WITHDRAWAL_DAYS;
  while (!isWorkingDay(last)) last++;
  return dayOf(last);
}

function isWorkingDay(number: number): boolean {
  const weekday = new Date(number * DAY_MS).getUTCDay();
  const day = dayOf(number);
  return weekday !== 0 && weekday !== 6 && !romanianPublicHolidays(Number(day.slice(0, 4))).has(day);
}

/** Whether a withdrawal may still be asked for at `now`: always before the goods were received (`lastDay` null). */
export function withdrawalOpen(lastDay: string | null, now: Date): boolean {
  return lastDay === null || bucharestDay(now) <= lastDay;
}
