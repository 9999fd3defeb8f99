import { CURRENCY, toDecimalString, type Bani } from '../../domain/money';

/** The one place amounts become text for people: "39.99 RON". */
export function formatRon(amount: Bani): string {
  return `${toDecimalString(amount)} ${CURRENCY}`;
}
