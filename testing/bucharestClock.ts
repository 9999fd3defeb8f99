/** The fakes' clock: a time's wall-clock parts in Bucharest, as ANAF and the couriers write their times. */
const bucharestFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A date's wall-clock parts in Bucharest (two digits each, the year four). */
export function bucharest(date: Date) {
  const parts: Record<string, string> = {};
  for (const part of bucharestFormat.formatToParts(date)) parts[part.type] = part.value;
  const get = (type: string) => parts[type] ?? '';
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}
