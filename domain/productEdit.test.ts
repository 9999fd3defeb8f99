import { describe, expect, it } from 'vitest';
import { keyFeaturesFromLines, parseRon, productChangeSchema } from './productEdit';

describe('product editing rules', () => {
  it('reads amounts typed in RON into bani, exactly, and refuses anything else', () => {
    expect(parseRon('39.99')).toBe(3999);
    expect(parseRon(' 39,99 ')).toBe(3999);
    expect(parseRon('39.9')).toBe(3990);
    expect(parseRon('39')).toBe(3900);
    expect(parseRon('0.05')).toBe(5);
    expect(parseRon('1979.01')).toBe(197901);
    for (const text of ['', ' ', '-1', '+1', '39.999', '39.', '.99', '1 000', '1,000.00', '3e3', 'abc', '39.99 RON']) {
      expect(parseRon(text), text).toBeNull();
    }
  });

  it('takes key features one per line, trimmed, blank lines dropped', () => {
    expect(keyFeaturesFromLines('  One \r\n\n Two\n')).toEqual(['One', 'Two']);
    expect(keyFeaturesFromLines('')).toEqual([]);
  });

  it('refuses an empty change and a misspelt field', () => {
    expect(productChangeSchema.safeParse({}).error?.issues[0]?.message).toBe('Nothing to change: send at least one field.');
    expect(productChangeSchema.safeParse({ prize: 100 }).error?.issues[0]?.message).toBe('Unknown field: prize.');
    expect(productChangeSchema.safeParse({ stock: null, stripePriceId: null }).data).toEqual({ stock: null, stripePriceId: null });
    // The struck-through price comes from the price history, never from a typed-in old price.
    expect(productChangeSchema.safeParse({ oldPrice: 7999 }).error?.issues[0]?.message).toBe('Unknown field: oldPrice.');
  });
});
