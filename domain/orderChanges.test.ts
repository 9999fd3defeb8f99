import { describe, expect, it } from 'vitest';
import { OWNER_STATUS_TARGETS } from './orders';
import { eventNote, statusChangeRequestSchema } from './orderChanges';

const problem = (body: unknown) => {
  const parsed = statusChangeRequestSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('a status change the owner asks for', () => {
  it('covers exactly the statuses the owner may set', () => {
    for (const to of OWNER_STATUS_TARGETS) expect(statusChangeRequestSchema.safeParse({ to, version: 1, carrier: 'Cargus', trackingNumber: '1', reason: 'r' }).success).toBe(true);
    expect(problem({ to: 'paid', version: 1 })).toBe('Choose what happens to the order: confirmed, shipped, delivered, cancelled or returned.');
  });

  it('needs a carrier and a tracking number to ship, and a reason to cancel', () => {
    expect(problem({ to: 'shipped', version: 2, carrier: 'FAN Courier' })).toBe('Tracking number is required.');
    expect(problem({ to: 'shipped', version: 2, carrier: '  ', trackingNumber: '2150000123' })).toBe('Carrier is required.');
    expect(problem({ to: 'cancelled', version: 2 })).toBe('Reason is required.');
    expect(problem({ to: 'cancelled', version: 2, reason: 'Customer\u0000' })).toBe('Reason must not contain control characters.');
    expect(problem({ to: 'confirmed' })).toBe('The order version is required.');
  });

  it('leaves a note on the timeline that says what happened', () => {
    expect(eventNote(statusChangeRequestSchema.parse({ to: 'shipped', version: 2, carrier: 'Sameday', trackingNumber: ' 1ONB123 ' }))).toBe('Sameday, tracking number 1ONB123');
    expect(eventNote(statusChangeRequestSchema.parse({ to: 'shipped', version: 2, carrier: 'DPD', trackingNumber: '8', note: 'Two parcels' }))).toBe('DPD, tracking number 8. Two parcels');
    expect(eventNote(statusChangeRequestSchema.parse({ to: 'cancelled', version: 2, reason: 'Customer changed their mind' }))).toBe('Customer changed their mind');
    expect(eventNote(statusChangeRequestSchema.parse({ to: 'confirmed', version: 1 }))).toBeNull();
  });
});
