import { describe, expect, it } from 'vitest';
import { type EditedLine, editNote } from './orderEdits';

const lighter = (colour: string, quantity: number): EditedLine => ({ productId: '1', colour, name: 'Dummy Lighter', colourLabel: colour, quantity });
const marker = (quantity: number): EditedLine => ({ productId: '4', colour: null, name: 'Dummy Marker', colourLabel: null, quantity });

describe('editNote: what an owner’s edit changed, as the timeline says it', () => {
  it('names each line changed, added and removed, the address, and the totals', () => {
    expect(editNote([lighter('Black', 2), marker(1)], [lighter('Black', 1), lighter('Red', 1)], true, { before: 13996, after: 9997 })).toBe(
      'Edited: Dummy Lighter (Black) 2 → 1; Dummy Marker removed; Dummy Lighter (Red) + 1; address or phone changed; total 139.96 RON → 99.97 RON',
    );
  });
  it('a colour changed is one line removed and another added', () => {
    expect(editNote([lighter('Black', 1)], [lighter('Red', 1)], false, { before: 5998, after: 5998 })).toBe('Edited: Dummy Lighter (Black) removed; Dummy Lighter (Red) + 1; total 59.98 RON');
  });
  it('says nothing of an edit that changed nothing', () => {
    expect(editNote([marker(2)], [marker(2)], false, { before: 7997, after: 7997 })).toBeNull();
  });
});
