import { describe, expect, it } from 'vitest';
import { movedOnePlace, SHOWN_NAME_PATTERN } from './testimonials';

describe('a testimonial’s shown name', () => {
  it('is a first name and the last name’s initial', () => {
    for (const name of ['Andrei M.', 'Ana-Maria P.', 'Ștefan Ț.', 'Mary Ann O.', 'D’Arcy L.']) expect(SHOWN_NAME_PATTERN.test(name), name).toBe(true);
  });

  it('is never a full name, a first name alone or a lowercase one', () => {
    for (const name of ['Andrei Mureșan', 'Andrei', 'andrei m.', 'Andrei M', 'Andrei MU.', ' Andrei M.', 'A. M.', 'Andrei M. Pop']) expect(SHOWN_NAME_PATTERN.test(name), name).toBe(false);
  });
});

describe('moving a testimonial one place', () => {
  it('swaps it with its neighbour, and leaves the list as it is at either end', () => {
    expect(movedOnePlace([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(movedOnePlace([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(movedOnePlace([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(movedOnePlace([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(movedOnePlace([1, 2, 3], 5, 1)).toEqual([1, 2, 3]);
  });
});
