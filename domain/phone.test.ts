import { describe, expect, it } from 'vitest';
import { phoneDialledFromRomania } from './dialled';
import { phoneInE164 } from './phone';

describe('phoneInE164', () => {
  it('takes the forms people type and gives E.164', () => {
    for (const typed of ['0722 123 456', '0722123456', '+40 722 123 456', '+40722123456', '0040 722 123 456', '0722.123.456', '0722-123-456', ' (0722) 123 456 ', '+40 (0) 722 123 456']) {
      expect(phoneInE164(typed), typed).toBe('+40722123456');
    }
  });

  it('takes landlines and numbers of other countries written with their prefix', () => {
    expect(phoneInE164('021 312 3456')).toBe('+40213123456');
    expect(phoneInE164('0264 123 456')).toBe('+40264123456');
    expect(phoneInE164('+49 30 901820')).toBe('+4930901820');
  });

  it('refuses what is not a phone number', () => {
    for (const typed of ['', 'call me maybe', '0722 123', '0722 123 4567', '12345', '+40 122 123 456', '0722 123 456 ext 2', '+40722123456+', '0000000000']) {
      expect(phoneInE164(typed), typed).toBeNull();
    }
  });
});

describe('phoneDialledFromRomania', () => {
  it('writes a Romanian number nationally, another country’s with 00, and leaves an older stored number as it is', () => {
    expect(phoneDialledFromRomania('+40722123456')).toBe('0722123456');
    expect(phoneDialledFromRomania('+40213123456')).toBe('0213123456');
    expect(phoneDialledFromRomania('+4930901820')).toBe('004930901820');
    expect(phoneDialledFromRomania('0712 345 678')).toBe('0712 345 678');
  });
});
