import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './compression';

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['gzip;q=0, identity', 'identity'],
    ['deflate', 'identity'],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
