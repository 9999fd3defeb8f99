import { addWorkingDays, isWorkingDay } from './calendar';
import { bucharestDay, SHOP_TIME_ZONE } from './locale';

/**
 * When an order arrives (issue 46): the shop's promise, `minDays`–`maxDays` Romanian working days after the day it
 * leaves (DELIVERY_WORKING_DAYS), and the hour after which a day's orders leave the next working day
 * (DELIVERY_CUTOFF_HOUR, Bucharest time).
 */
export interface DeliveryPromise {
  minDays: number;
  maxDays: number;
  cutoffHour: number;
}

/** The promise the shop makes when its settings say none: 1–3 working days, orders after 14:00 leaving the next day. */
export const DEFAULT_DELIVERY: DeliveryPromise = { minDays: 1, maxDays: 3, cutoffHour: 14 };

/** "1-3" (or "2": one day) as DELIVERY_WORKING_DAYS writes it; null for anything else. */
export function deliveryDays(text: string): { minDays: number; maxDays: number } | null {
  const match = /^\s*(\d{1,2})\s*(?:[-–]\s*(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const minDays = Number(match[1]);
  const maxDays = match[2] === undefined ? minDays : Number(match[2]);
  return minDays >= 1 && maxDays >= minDays ? { minDays, maxDays } : null;
}

/**
 * The days an order placed at `now` arrives between (YYYY-MM-DD, Bucharest): it leaves the same day when that is a
 * working day before the cut-off hour, else the next working day; it arrives `minDays` to `maxDays` working days later
 * (weekends and Romanian public holidays skipped: domain/calendar.ts).
 */
export function deliveryEstimate(now: Date, promise: DeliveryPromise): { from: string; to: string } {
  const today = bucharestDay(now);
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now));
  const leaves = isWorkingDay(today) && hour < promise.cutoffHour ? today : addWorkingDays(today, 1);
  return { from: addWorkingDays(leaves, promise.minDays), to: addWorkingDays(leaves, promise.maxDays) };
}
