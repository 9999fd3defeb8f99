import { describe, expect, it } from 'vitest';
import { orthodoxEaster, romanianPublicHolidays, withdrawalLastDay, withdrawalOpen } from './withdrawal';

describe('Romanian public holidays', () => {
  it('finds Orthodox Easter', () => {
    expect(['2024', '2025', '2026', '2027'].map((year) => orthodoxEaster(Number(year)))).toEqual(['2024-05-05', '2025-04-20', '2026-04-12', '2027-05-02']);
  });

  it('lists the fixed holidays and those that follow Easter', () => {
    const holidays = romanianPublicHolidays(2026);
    for (const day of ['2026-01-01', '2026-01-24', '2026-04-10', '2026-04-12', '2026-04-13', '2026-05-31', '2026-06-01', '2026-08-15', '2026-11-30', '2026-12-01', '2026-12-26']) {
      expect(holidays.has(day), day).toBe(true);
    }
    expect(holidays.has('2026-04-11')).toBe(false);
    expect(holidays.has('2026-12-24')).toBe(false);
    expect(romanianPublicHolidays(2025).has('2025-06-09')).toBe(true); // Rusalii Monday: Easter 20 April + 50 days
  });
});

describe('the last day to withdraw', () => {
  it('is 14 days after the day the goods were received, on a working day', () => {
    expect(withdrawalLastDay(new Date('2026-11-10T08:00:00Z'))).toBe('2026-11-24');
  });

  it('counts the Bucharest day the goods were received, not UTC’s', () => {
    // 00:30 on 10 November in Bucharest (UTC+2), 9 November in UTC; in summer Bucharest is UTC+3.
    expect(withdrawalLastDay(new Date('2026-11-09T22:30:00Z'))).toBe('2026-11-24');
    expect(withdrawalLastDay(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-15');
  });

  it('moves past a weekend and the public holidays after it', () => {
    // Saturday 28 November, then Sunday, St Andrew (30 November) and National Day (1 December).
    expect(withdrawalLastDay(new Date('2026-11-14T10:00:00Z'))).toBe('2026-12-02');
  });

  it('moves past a public holiday on a weekday and the weekend after it', () => {
    // Friday 25 December (Christmas), Saturday 26 (its second day), Sunday 27.
    expect(withdrawalLastDay(new Date('2026-12-11T10:00:00Z'))).toBe('2026-12-28');
  });

  it('lasts until the end of that day in Bucharest', () => {
    expect(withdrawalOpen('2026-11-24', new Date('2026-11-24T21:59:59Z'))).toBe(true);
    expect(withdrawalOpen('2026-11-24', new Date('2026-11-24T22:00:00Z'))).toBe(false);
    expect(withdrawalOpen('2026-07-15', new Date('2026-07-15T21:00:00Z'))).toBe(false);
  });

  it('is open before the goods are received', () => {
    expect(withdrawalOpen(null, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });
});
