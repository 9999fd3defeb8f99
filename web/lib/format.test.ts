import { describe, expect, it } from 'vitest';
import { formatRon, formatRonShort } from './format';

describe('formatRon', () => {
  it('shows RON with two decimals', () => {
    expect(formatRon(3999)).toBe('39.99 RON');
    expect(formatRon(1999)).toBe('19.99 RON');
    expect(formatRon(20000)).toBe('200.00 RON');
    expect(formatRon(0)).toBe('0.00 RON');
    expect(formatRon(123456)).toBe('1234.56 RON');
  });
});

describe('formatRonShort', () => {
  it('drops zero decimals only', () => {
    expect(formatRonShort(20000)).toBe('200 RON');
    expect(formatRonShort(1999)).toBe('19.99 RON');
    expect(formatRonShort(20050)).toBe('200.50 RON');
  });
});
