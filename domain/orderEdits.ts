import { lineName } from './catalog';
import { type Bani, formatMoney } from './money';

/** A line as an order's edit compares it: which product in which colour (null: none), named as the order names it, and how many. */
export interface EditedLine {
  productId: string | null;
  colour: string | null;
  name: string;
  colourLabel: string | null;
  quantity: number;
}

const sameLine = (a: EditedLine, b: EditedLine) => a.productId === b.productId && a.colour === b.colour;

/**
 * What an owner's edit of an order changed (issue 47), as its timeline says it (in the owner's words, English, as every
 * note is): each line whose quantity changed (2 → 1), added (+ 1) or removed (removed), whether the address or phone
 * changed, and the total before and after. Null when nothing changed.
 */
export function editNote(before: readonly EditedLine[], after: readonly EditedLine[], addressChanged: boolean, totals: { before: Bani; after: Bani }): string | null {
  const changes: string[] = [];
  for (const line of before) {
    const now = after.find((candidate) => sameLine(candidate, line));
    const name = lineName(line.name, line.colourLabel);
    if (!now) changes.push(`${name} removed`);
    else if (now.quantity !== line.quantity) changes.push(`${name} ${line.quantity} → ${now.quantity}`);
  }
  for (const line of after) if (!before.some((candidate) => sameLine(candidate, line))) changes.push(`${lineName(line.name, line.colourLabel)} + ${line.quantity}`);
  if (addressChanged) changes.push('address or phone changed');
  if (changes.length === 0 && totals.before === totals.after) return null;
  const total = totals.before === totals.after ? `total ${formatMoney(totals.after, 'en')}` : `total ${formatMoney(totals.before, 'en')} → ${formatMoney(totals.after, 'en')}`;
  return `Edited: ${[...changes, total].join('; ')}`;
}
