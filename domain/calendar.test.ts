import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay, orthodoxEaster, romanianPublicHolidays, workingDayFrom } from './calendar';

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

describe('working days', () => {
  it('skips weekends and public holidays', () => {
    expect(isWorkingDay('2026-11-27')).toBe(true); // a Friday
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-30')).toBe(false); // Saint Andrew
    expect(isWorkingDay('2026-12-01')).toBe(false); // National Day
    expect(workingDayFrom('2026-11-28')).toBe('2026-12-02');
    expect(workingDayFrom('2026-11-27')).toBe('2026-11-27');
  });

  it('counts working days after a day, never the day itself', () => {
    // Thursday 26 November: 27 (Fri), then 2, 3, 4, 7 December (30 Nov, 1 Dec are holidays).
    expect(addWorkingDays('2026-11-26', 5)).toBe('2026-12-07');
    // Over Easter 2026 (Good Friday 10 April, Easter Monday 13 April).
    expect(addWorkingDays('2026-04-08', 2)).toBe('2026-04-14');
    // From a Saturday: Monday is the first.
    expect(addWorkingDays('2026-11-21', 1)).toBe('2026-11-23');
    expect(addWorkingDays('2026-11-26', 0)).toBe('2026-11-26');
  });
});
