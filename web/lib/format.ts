import { type Bani, formatRon } from '../../domain/money';

export { formatRon };

/** A round amount without its zero decimals, for promotion texts: "200 RON", but still "19.99 RON". */
export function formatRonShort(amount: Bani): string {
  return formatRon(amount).replace('.00 ', ' ');
}
