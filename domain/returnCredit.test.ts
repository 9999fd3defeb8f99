import { describe, expect, it } from 'vitest';
import { invoiceAmounts, type SoldLine } from './invoice';
import { type ReturnedOrder, returnCredit, wholeOrderBack } from './returnCredit';
import { discountVatParts } from './vat';

/** Two black lighters at 39.99 and a charger at 24.99, 21% VAT as the order stored it; delivery 19.99. */
const order: ReturnedOrder = {
  lines: [
    { id: 7, unitPrice: 3999, quantity: 2, vatRate: 2100, vatAmount: 1388 },
    { id: 8, unitPrice: 2499, quantity: 1, vatRate: 2100, vatAmount: 434 },
  ],
  discount: 0,
  shipping: 1999,
  shippingVatRate: 2100,
  shippingVat: 347,
};
const units = (entries: [number, number][]) => new Map(entries);

/** A credit as the invoices module makes its document's amounts (the delivery a line of its own). */
function amountsOf(credit: ReturnType<typeof returnCredit>, code = 'VARA10') {
  const sold: SoldLine[] = credit.lines.map((line) => ({ name: String(line.lineId), quantity: line.quantity, unitGross: line.unitGross, vatRate: line.vatRate, vatAmount: line.vatAmount }));
  if (credit.shipping) sold.push({ name: 'Transport', quantity: 1, unitGross: credit.shipping.gross, vatRate: credit.shipping.vatRate, vatAmount: credit.shipping.vatAmount });
  return invoiceAmounts(sold, true, credit.discountParts.length > 0 ? { code, parts: credit.discountParts } : undefined);
}

describe('a return’s credit', () => {
  it('credits one of two lighters at its price, with the VAT in it, and no delivery while the rest is kept', () => {
    const credit = returnCredit(order, units([]), units([[7, 1]]));
    expect(credit).toEqual({ lines: [{ lineId: 7, quantity: 1, unitGross: 3999, vatRate: 2100, vatAmount: 694 }], shipping: null, discountParts: [], total: 3999 });
    expect(amountsOf(credit).gross).toBe(3999);
  });

  it('adds the standard delivery when the return brings the whole order back, and only then', () => {
    const first = returnCredit(order, units([]), units([[7, 1]]));
    const second = returnCredit(order, units([[7, 1]]), units([[7, 1]]));
    const third = returnCredit(order, units([[7, 2]]), units([[8, 1]]));
    expect(second.shipping).toBeNull();
    expect(third.shipping).toEqual({ gross: 1999, vatRate: 2100, vatAmount: 347 });
    expect(third.total).toBe(2499 + 1999);
    // The three add up to the order, VAT included, to the ban: the second lighter takes the rest of the line's VAT.
    expect(first.lines[0]!.vatAmount + second.lines[0]!.vatAmount).toBe(1388);
    expect(first.total + second.total + third.total).toBe(3999 * 2 + 2499 + 1999);
    expect(
      wholeOrderBack(
        order,
        units([
          [7, 2],
          [8, 1],
        ]),
      ),
    ).toBe(true);
    expect(wholeOrderBack(order, units([[7, 2]]))).toBe(false);
  });

  it('takes off the discount code’s share of the returned goods, and the partial credits add up to the invoice’s discount', () => {
    // A code that took 10.60 off 104.97: one lighter's share is 10.60 × 39.99 / 104.97 = 4.04.
    const discounted = { ...order, discount: 1060 };
    const first = returnCredit(discounted, units([]), units([[7, 1]]));
    expect(first.discountParts).toEqual([{ vatRate: 2100, amount: 404, vat: 70 }]);
    expect(first.total).toBe(3999 - 404);
    const rest = returnCredit(
      discounted,
      units([[7, 1]]),
      units([
        [7, 1],
        [8, 1],
      ]),
    );
    const whole = discountVatParts(
      order.lines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.quantity, vatRate: line.vatRate })),
      1060,
    );
    expect(first.discountParts[0]!.amount + rest.discountParts[0]!.amount).toBe(whole[0]!.amount);
    expect(first.discountParts[0]!.vat + rest.discountParts[0]!.vat).toBe(whole[0]!.vat);
    expect(first.total + rest.total).toBe(3999 * 2 + 2499 - 1060 + 1999);
    // Each credit's document adds up (BR-CO-*): what it refunds is its own total.
    expect(amountsOf(first).gross).toBe(first.total);
    expect(amountsOf(rest).gross).toBe(rest.total);
  });

  it('credits no delivery for an order delivered free', () => {
    const free = { ...order, shipping: 0, shippingVat: 0 };
    const credit = returnCredit(
      free,
      units([]),
      units([
        [7, 2],
        [8, 1],
      ]),
    );
    expect(credit.shipping).toBeNull();
    expect(credit.total).toBe(3999 * 2 + 2499);
  });
});
