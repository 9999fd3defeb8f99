import type { DiscountPart } from './invoice';
import { type Bani, lineTotal } from './money';
import { discountVatParts, type VatRate, vatIn } from './vat';

/**
 * What a return of withdrawn goods credits and refunds (issue 45; OUG 34/2014 art. 13): the units received, at the
 * price they were sold, less their share of a discount code, and the standard delivery once the whole order has come
 * back. Each amount is what the returns up to now are owed less what the returns before were credited, so that two
 * partial returns add up, to the ban, to the whole order's invoice.
 */

/** An order line as it was sold: its units, the price of one (VAT included) and the VAT in the whole line. */
export interface SoldOrderLine {
  id: number;
  unitPrice: Bani;
  quantity: number;
  vatRate: VatRate;
  vatAmount: Bani;
}

/** The order a return comes from: its lines, its discount (0 without a code) and its delivery with the VAT in it. */
export interface ReturnedOrder {
  lines: readonly SoldOrderLine[];
  discount: Bani;
  shipping: Bani;
  shippingVatRate: VatRate;
  shippingVat: Bani;
}

/** A line of the credit: the units of an order line it credits, at their price, and the VAT in them. */
export interface CreditedLine {
  lineId: number;
  quantity: number;
  unitGross: Bani;
  vatRate: VatRate;
  vatAmount: Bani;
}

export interface ReturnCredit {
  lines: CreditedLine[];
  /** The delivery credited (the whole order has come back), or null. */
  shipping: { gross: Bani; vatRate: VatRate; vatAmount: Bani } | null;
  /** The discount code's share of the credited goods, per VAT rate (as the invoice's allowances). */
  discountParts: DiscountPart[];
  /** What the customer gets back: the lines, less the discount, plus the delivery. */
  total: Bani;
}

/** The VAT in `units` of a line: its stored VAT when all of them, else extracted from their price. */
const vatOfUnits = (line: SoldOrderLine, units: number) => (units >= line.quantity ? line.vatAmount : vatIn(lineTotal(line.unitPrice, units), line.vatRate));

/** The discount's share of the goods returned so far (`units` per line), per VAT rate: the whole discount once all are back. */
function discountShare(order: ReturnedOrder, units: ReadonlyMap<number, number>): DiscountPart[] {
  if (order.discount === 0) return [];
  const subtotal = order.lines.reduce((sum, line) => sum + lineTotal(line.unitPrice, line.quantity), 0);
  const returned = order.lines.map((line) => ({ ...line, quantity: Math.min(units.get(line.id) ?? 0, line.quantity) })).filter((line) => line.quantity > 0);
  const returnedGross = returned.reduce((sum, line) => sum + lineTotal(line.unitPrice, line.quantity), 0);
  const share = returnedGross >= subtotal ? order.discount : Math.round((order.discount * returnedGross) / subtotal);
  return discountVatParts(returned, share);
}

/** Whether every unit of every line is among `units`. */
export const wholeOrderBack = (order: Pick<ReturnedOrder, 'lines'>, units: ReadonlyMap<number, number>) => order.lines.every((line) => (units.get(line.id) ?? 0) >= line.quantity);

/**
 * The credit of the units received now (`now`, per order line id), the order's units received before being `before`:
 * each line's VAT and the discount's share as the difference of what the returns up to now and those before add up to,
 * and the delivery when this return brings the whole order back.
 */
export function returnCredit(order: ReturnedOrder, before: ReadonlyMap<number, number>, now: ReadonlyMap<number, number>): ReturnCredit {
  const after = new Map(order.lines.map((line) => [line.id, (before.get(line.id) ?? 0) + (now.get(line.id) ?? 0)]));
  const lines: CreditedLine[] = [];
  for (const line of order.lines) {
    const quantity = now.get(line.id) ?? 0;
    if (quantity <= 0) continue;
    const earlier = before.get(line.id) ?? 0;
    lines.push({ lineId: line.id, quantity, unitGross: line.unitPrice, vatRate: line.vatRate, vatAmount: vatOfUnits(line, earlier + quantity) - vatOfUnits(line, earlier) });
  }
  const partsBefore = discountShare(order, before);
  const discountParts = discountShare(order, after)
    .map((part) => {
      const earlier = partsBefore.find((other) => other.vatRate === part.vatRate);
      return { vatRate: part.vatRate, amount: part.amount - (earlier?.amount ?? 0), vat: part.vat - (earlier?.vat ?? 0) };
    })
    .filter((part) => part.amount !== 0);
  const shipping =
    order.shipping > 0 && wholeOrderBack(order, after) && !wholeOrderBack(order, before) ? { gross: order.shipping, vatRate: order.shippingVatRate, vatAmount: order.shippingVat } : null;
  const goods = lines.reduce((sum, line) => sum + lineTotal(line.unitGross, line.quantity), 0);
  const discount = discountParts.reduce((sum, part) => sum + part.amount, 0);
  return { lines, shipping, discountParts, total: goods - discount + (shipping?.gross ?? 0) };
}
