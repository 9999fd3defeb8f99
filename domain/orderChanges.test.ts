import { describe, expect, it } from 'vitest';
import { issueValues } from './issueValues';
import { eventNote, statusChangeRequestSchema } from './orderChanges';
import { OWNER_STATUS_TARGETS } from './orders';

/** The first refusal: its catalogue key, and the field it names (a key too), as the form and the API translate them. */
const problem = (body: unknown) => {
  const parsed = statusChangeRequestSchema.safeParse(body);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (!issue) return null;
  const { field } = issueValues(issue) as { field?: { messageId: string } };
  return field ? [issue.message, field.messageId] : issue.message;
};

describe('a status change the owner asks for', () => {
  it('covers exactly the statuses the owner may set', () => {
    for (const to of OWNER_STATUS_TARGETS) expect(statusChangeRequestSchema.safeParse({ to, version: 1, carrier: 'Cargus', trackingNumber: '1', reason: 'r' }).success).toBe(true);
    expect(problem({ to: 'paid', version: 1 })).toBe('admin.order.problem.chooseStatus');
  });

  it('needs a carrier and a tracking number to ship, and a reason to cancel', () => {
    expect(problem({ to: 'shipped', version: 2, carrier: 'FAN Courier' })).toEqual(['admin.field.required', 'admin.order.field.trackingNumber']);
    expect(problem({ to: 'shipped', version: 2, carrier: '  ', trackingNumber: '2150000123' })).toEqual(['admin.field.required', 'admin.order.carrier']);
    expect(problem({ to: 'cancelled', version: 2 })).toEqual(['admin.field.required', 'admin.order.field.reason']);
    expect(problem({ to: 'cancelled', version: 2, reason: 'Customer\u0000' })).toEqual(['admin.field.controlCharacters', 'admin.order.field.reason']);
    expect(problem({ to: 'confirmed' })).toBe('admin.order.problem.version');
  });

  it('leaves on the timeline what the owner wrote (the carrier and tracking number are the order’s own)', () => {
    expect(eventNote(statusChangeRequestSchema.parse({ to: 'shipped', version: 2, carrier: 'Sameday', trackingNumber: ' 1ONB123 ' }))).toBeNull();
    expect(eventNote(statusChangeRequestSchema.parse({ to: 'shipped', version: 2, carrier: 'DPD', trackingNumber: '8', note: 'Two parcels' }))).toBe('Two parcels');
    expect(eventNote(statusChangeRequestSchema.parse({ to: 'cancelled', version: 2, reason: 'Customer changed their mind' }))).toBe('Customer changed their mind');
    expect(eventNote(statusChangeRequestSchema.parse({ to: 'confirmed', version: 1 }))).toBeNull();
  });
});
