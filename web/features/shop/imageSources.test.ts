import { describe, expect, it } from 'vitest';
import { srcSetOf } from './imageSources';

describe('srcSetOf', () => {
  it('lists the three sizes of an uploaded picture, and nothing for a built-in one', () => {
    expect(srcSetOf('/uploads/products/abc-800.webp')).toBe('/uploads/products/abc-400.webp 400w, /uploads/products/abc-800.webp 800w, /uploads/products/abc-1200.webp 1200w');
    expect(srcSetOf('/images/products/dummy-lighter.svg')).toBeUndefined();
  });
});
