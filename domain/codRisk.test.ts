import { describe, expect, it } from 'vitest';
import { contactKeys } from './codRisk';

describe('contactKeys', () => {
  it('compares a phone in E.164 however it was typed, and an email trimmed in lower case', () => {
    expect(contactKeys({ phoneNumber: '0722 123 456', email: ' Ana@Example.RO ' })).toEqual({ phone: '+40722123456', email: 'ana@example.ro' });
    expect(contactKeys({ phoneNumber: '+40 722-123-456', email: 'ana@example.ro' }).phone).toBe('+40722123456');
  });

  it('takes an order’s stored E.164 phone as it is, and has no phone for one that is not a number', () => {
    expect(contactKeys({ phoneNumber: '+40722123456', email: 'a@b.ro' }).phone).toBe('+40722123456');
    expect(contactKeys({ phoneNumber: '+4930901820', email: 'a@b.ro' }).phone).toBe('+4930901820');
    expect(contactKeys({ phoneNumber: 'call me', email: 'a@b.ro' }).phone).toBeNull();
  });
});
