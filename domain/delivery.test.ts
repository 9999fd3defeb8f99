import { describe, expect, it } from 'vitest';
import { deliveryDays, deliveryEstimate } from './delivery';

const promise = { minDays: 1, maxDays: 3, cutoffHour: 14 };
/** A Bucharest wall-clock time in winter (UTC+2) as a Date. */
const winter = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`);

describe('the delivery estimate', () => {
  it('counts working days from today before the cut-off hour, from the next working day after it', () => {
    // Tuesday 10 November 2026.
    expect(deliveryEstimate(winter('2026-11-10', '13:59'), promise)).toEqual({ from: '2026-11-11', to: '2026-11-13' });
    expect(deliveryEstimate(winter('2026-11-10', '14:00'), promise)).toEqual({ from: '2026-11-12', to: '2026-11-16' });
  });

  it('skips the weekend: an order on Friday after the cut-off or on Saturday leaves on Monday', () => {
    expect(deliveryEstimate(winter('2026-11-13', '15:00'), promise)).toEqual({ from: '2026-11-17', to: '2026-11-19' });
    expect(deliveryEstimate(winter('2026-11-14', '09:00'), promise)).toEqual({ from: '2026-11-17', to: '2026-11-19' });
  });

  it('skips Romanian public holidays: St Andrew (30 November) and National Day (1 December)', () => {
    // Friday 27 November 2026 at 10:00: leaves that day; Monday 30 and Tuesday 1 December are holidays.
    expect(deliveryEstimate(winter('2026-11-27', '10:00'), promise)).toEqual({ from: '2026-12-02', to: '2026-12-04' });
    // Sunday 29 November: leaves Wednesday 2 December.
    expect(deliveryEstimate(winter('2026-11-29', '10:00'), promise)).toEqual({ from: '2026-12-03', to: '2026-12-07' });
  });

  it('reads the cut-off in Bucharest time, summer and winter', () => {
    // 13:30 in Bucharest in summer is 10:30 UTC; 14:30 is past the cut-off.
    expect(deliveryEstimate(new Date('2026-07-07T10:30:00Z'), promise).from).toBe('2026-07-08');
    expect(deliveryEstimate(new Date('2026-07-07T11:30:00Z'), promise).from).toBe('2026-07-09');
  });

  it('reads DELIVERY_WORKING_DAYS as a range or one day', () => {
    expect(deliveryDays('1-3')).toEqual({ minDays: 1, maxDays: 3 });
    expect(deliveryDays(' 2 ')).toEqual({ minDays: 2, maxDays: 2 });
    expect(deliveryDays('3-1')).toBeNull();
    expect(deliveryDays('0')).toBeNull();
    expect(deliveryDays('soon')).toBeNull();
  });
});
