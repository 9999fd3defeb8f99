/**
 * Romania's calendar of working days, for the deadlines the law counts in them or moves to one: the withdrawal
 * period's last day (withdrawal.ts), an invoice's report to ANAF (invoice.ts). Days are YYYY-MM-DD strings.
 */

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

/** The day `days` calendar days after `day`. */
export function addDays(day: string, days: number): string {
  return dayOf(dayNumber(day) + days);
}

/** Whether `day` is a working day: not a Saturday, a Sunday or a public holiday. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(dayNumber(day) * DAY_MS).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !romanianPublicHolidays(Number(day.slice(0, 4))).has(day);
}

/** `day` itself when it is a working day, else the next working day. */
export function workingDayFrom(day: string): string {
  let next = day;
  while (!isWorkingDay(next)) next = addDays(next, 1);
  return next;
}

/** The working day `count` working days after `day` (counted from the next day on; `day` itself is never counted). */
export function addWorkingDays(day: string, count: number): string {
  let next = day;
  for (let counted = 0; counted < count; ) {
    next = addDays(next, 1);
    if (isWorkingDay(next)) counted += 1;
  }
  return next;
}

/**
 * How pressing a deadline ending on `dueDay` is on `today` (YYYY-MM-DD, Bucharest): `late` after it, `due` from
 * `warnDays` days before it to the day itself (the owner is warned then), null before.
 */
export function deadlineUrgency(dueDay: string, today: string, warnDays: number): 'late' | 'due' | null {
  if (today > dueDay) return 'late';
  return today >= addDays(dueDay, -warnDays) ? 'due' : null;
}
