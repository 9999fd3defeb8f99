import { describe, expect, it } from 'vitest';
import { rememberedByHeader } from './remembered';

describe('rememberedByHeader', () => {
  it('reads each header value once, and forgets them all once it knows `size` of them', () => {
    const reads: (string | undefined)[] = [];
    const length = rememberedByHeader((header) => {
      reads.push(header);
      return header?.length ?? 0;
    }, 2);
    expect([length('br'), length('br'), length(undefined), length(undefined)]).toEqual([2, 2, 0, 0]);
    expect(reads).toEqual(['br', undefined]);
    expect(length('gzip')).toBe(4);
    expect(length('br')).toBe(2);
    expect(reads).toEqual(['br', undefined, 'gzip', 'br']);
  });
});
