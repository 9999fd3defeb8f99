import { CURRENCY, toDecimalString, type Bani } from '../../domain/money';

/** The one place amounts become text for people: "39.99 RON". */
export function formatRon(amount: Bani): string {
  return `${toDecimalString(amount)} ${CURRENCY}`;
}

/** A round amount without its zero decimals, for promotion texts: "200 RON", but still "19.99 RON". */
export function formatRonShort(amount: Bani): string {
  return formatRon(amount).replace('.00 ', ' ');
}
