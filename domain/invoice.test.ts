import { describe, expect, it } from 'vitest';
import { bucharestSector } from './counties';
import { efacturaPlace, invoiceAction, invoiceAmounts, invoiceId, reportDueDay, reportUrgency, type SoldLine, seriesOf, signInEndsSoon, unitNetText } from './invoice';
import { discountVatParts, orderVat, STANDARD_VAT_RATE, vatByRate } from './vat';

/** Lines as an order stores them: each line's VAT computed by the order's own rule (orderVat). */
function sold(lines: { name: string; unitGross: number; quantity: number; vatRate?: number }[]): SoldLine[] {
  return lines.map((line) => {
    const vatRate = line.vatRate ?? STANDARD_VAT_RATE;
    return { ...line, vatRate, vatAmount: orderVat([{ unitPrice: line.unitGross, quantity: line.quantity }], 0, vatRate).lines[0]! };
  });
}

describe('invoice numbers', () => {
  it('write the series, a dash and at least four digits, so every number has a digit (BR-RO-010)', () => {
    expect(invoiceId('SST', 42)).toBe('SST-0042');
    expect(invoiceId('SST', 123_456)).toBe('SST-123456');
    expect(invoiceId('SST2026', 1)).toBe('SST2026-0001');
  });

  it('take the year into the series when the owner restarts numbers every year', () => {
    expect(seriesOf('SST', false, 2026)).toBe('SST');
    expect(seriesOf('SST', true, 2026)).toBe('SST2026');
  });
});

describe('the report to ANAF', () => {
  it('is due 5 working days after the issue day, weekends and public holidays not counted', () => {
    // Thursday 26 November 2026: Friday 27, then 2, 3, 4 and 7 December (30 November and 1 December are holidays).
    expect(reportDueDay('2026-11-26')).toBe('2026-12-07');
    expect(reportDueDay('2026-11-02')).toBe('2026-11-09');
  });

  it('warns the owner the day before its last day and on it, and says late after it', () => {
    expect(reportUrgency('2026-12-07', '2026-12-05')).toBeNull();
    expect(reportUrgency('2026-12-07', '2026-12-06')).toBe('due');
    expect(reportUrgency('2026-12-07', '2026-12-07')).toBe('due');
    expect(reportUrgency('2026-12-07', '2026-12-08')).toBe('late');
    expect(reportUrgency('2027-01-04', '2026-12-31')).toBeNull();
  });

  it('warns a month before the sign-in at ANAF ends', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(signInEndsSoon(new Date('2026-12-27T12:00:00Z'), now)).toBe(false);
    expect(signInEndsSoon(new Date('2026-12-26T12:00:00Z'), now)).toBe(true);
    expect(signInEndsSoon(new Date('2026-11-01T12:00:00Z'), now)).toBe(true);
  });
});

describe('invoice amounts', () => {
  it('split each price into its amount without VAT and its VAT, adding up to what the customer pays, to the ban', () => {
    const lines = sold([
      { name: 'Dummy Lighter (Black)', unitGross: 4999, quantity: 2 },
      { name: 'Dummy Car Key', unitGross: 8999, quantity: 1 },
      { name: 'Shipping', unitGross: 1999, quantity: 1 },
    ]);
    const amounts = invoiceAmounts(lines, true);
    expect(amounts.gross).toBe(2 * 4999 + 8999 + 1999);
    expect(amounts.net + amounts.vat).toBe(amounts.gross);
    expect(amounts.lines.map((line) => line.net + line.vatAmount)).toEqual([9998, 8999, 1999]);
    // 99.98 lei at 21%: 17.35 of VAT, 82.63 without.
    expect(amounts.lines[0]).toMatchObject({ gross: 9998, vatAmount: 1735, net: 8263 });
    expect(amounts.breakdown).toEqual([{ rate: 2100, taxable: amounts.net, vat: amounts.vat }]);
  });

  it('keep each rate apart, highest first', () => {
    const amounts = invoiceAmounts(
      sold([
        { name: 'Book', unitGross: 3000, quantity: 1, vatRate: 1100 },
        { name: 'Dummy Marker', unitGross: 2999, quantity: 3 },
      ]),
      true,
    );
    expect(amounts.breakdown.map((entry) => entry.rate)).toEqual([2100, 1100]);
    expect(amounts.breakdown[1]).toEqual({ rate: 1100, taxable: 2703, vat: 297 });
    expect(amounts.gross).toBe(3000 + 3 * 2999);
  });

  it('hold for any order: lines, rates and totals agree exactly, and each rate’s VAT is its base × rate within a leu (BR-CO-17)', () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return 1 + (seed % max);
    };
    for (let order = 0; order < 500; order++) {
      const lines = sold(Array.from({ length: random(6) }, (_, index) => ({ name: `Line ${index}`, unitGross: random(200_000), quantity: random(10), vatRate: random(3) === 1 ? 1100 : 2100 })));
      const amounts = invoiceAmounts(lines, true);
      expect(amounts.gross).toBe(lines.reduce((sum, line) => sum + line.unitGross * line.quantity, 0));
      expect(amounts.net).toBe(amounts.lines.reduce((sum, line) => sum + line.net, 0));
      expect(amounts.net + amounts.vat).toBe(amounts.gross);
      for (const entry of amounts.breakdown) {
        expect(Math.abs(entry.vat - (entry.taxable * entry.rate!) / 10_000)).toBeLessThan(100);
      }
    }
  });

  it('charge no VAT for a seller not registered for it: one breakdown without a rate, every line at its price', () => {
    const amounts = invoiceAmounts(sold([{ name: 'Dummy Lighter', unitGross: 4999, quantity: 2 }]), false);
    expect(amounts).toMatchObject({ net: 9998, vat: 0, gross: 9998, breakdown: [{ rate: null, taxable: 9998, vat: 0 }] });
    expect(amounts.lines[0]).toMatchObject({ net: 9998, vatAmount: 0 });
  });
});

/** A discount code's parts as the order takes `amount` off these lines (shipping is not among them). */
const codeParts = (code: string, products: SoldLine[], amount: number) => ({
  code,
  parts: discountVatParts(
    products.map((line) => ({ unitPrice: line.unitGross, quantity: line.quantity, vatRate: line.vatRate })),
    amount,
  ),
});

describe('invoice amounts with a discount code', () => {
  const products = sold([
    { name: 'Dummy Lighter (Black)', unitGross: 4999, quantity: 2 },
    { name: 'Dummy Car Key', unitGross: 8999, quantity: 1 },
  ]);
  const shipping = sold([{ name: 'Transport', unitGross: 1999, quantity: 1 }]);

  it('take it off as an allowance without its VAT, out of its rate’s base and VAT, adding up to the order’s total', () => {
    // VARA10 on 189.97 lei: 19.00 lei, of which 3.30 VAT at 21%.
    const plain = invoiceAmounts([...products, ...shipping], true);
    const amounts = invoiceAmounts([...products, ...shipping], true, codeParts('VARA10', products, 1900));
    expect(amounts.allowances).toEqual([{ code: 'VARA10', rate: 2100, net: 1570, vat: 330 }]);
    expect(amounts.allowanceTotal).toBe(1570);
    expect(amounts.net).toBe(plain.net);
    expect(amounts.breakdown).toEqual([{ rate: 2100, taxable: plain.net - 1570, vat: plain.vat - 330 }]);
    expect(amounts.gross).toBe(18_997 - 1900 + 1999);
    expect(amounts.net - amounts.allowanceTotal! + amounts.vat).toBe(amounts.gross);
  });

  it('split it over two VAT rates in proportion to their lines, each rate’s base and VAT lowered by its part', () => {
    const lines = sold([
      { name: 'Book', unitGross: 3000, quantity: 1, vatRate: 1100 },
      { name: 'Dummy Marker', unitGross: 2999, quantity: 3 },
    ]);
    // 10% of 119.97 lei: 12.00, of which 9.00 from the 21% lines (1.56 VAT) and 3.00 from the book (0.30 VAT).
    const amounts = invoiceAmounts(lines, true, codeParts('VARA10', lines, 1200));
    expect(amounts.allowances).toEqual([
      { code: 'VARA10', rate: 2100, net: 744, vat: 156 },
      { code: 'VARA10', rate: 1100, net: 270, vat: 30 },
    ]);
    expect(amounts.allowanceTotal).toBe(1014);
    expect(amounts.breakdown[1]).toEqual({ rate: 1100, taxable: 2703 - 270, vat: 297 - 30 });
    expect(amounts.gross).toBe(3000 + 3 * 2999 - 1200);
  });

  it('is one allowance at its whole amount for a seller not registered for VAT', () => {
    const lines = sold([
      { name: 'Book', unitGross: 3000, quantity: 1, vatRate: 1100 },
      { name: 'Dummy Marker', unitGross: 2999, quantity: 3 },
    ]);
    const amounts = invoiceAmounts(lines, false, codeParts('VARA10', lines, 1200));
    expect(amounts.allowances).toEqual([{ code: 'VARA10', rate: null, net: 1200, vat: 0 }]);
    expect(amounts).toMatchObject({ net: 11_997, allowanceTotal: 1200, vat: 0, gross: 10_797, breakdown: [{ rate: null, taxable: 10_797, vat: 0 }] });
  });

  it('is nothing without a code: no allowance', () => {
    expect(invoiceAmounts(products, true)).toMatchObject({ allowances: [], allowanceTotal: 0 });
  });

  it('hold for any order: each rate’s base is its lines’ less its allowance (BR-S-08), its VAT the order’s, the total the order’s', () => {
    let seed = 11;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return 1 + (seed % max);
    };
    for (let order = 0; order < 500; order++) {
      const products = sold(Array.from({ length: random(6) }, (_, index) => ({ name: `Line ${index}`, unitGross: random(200_000), quantity: random(10), vatRate: random(3) === 1 ? 1100 : 2100 })));
      const subtotal = products.reduce((sum, line) => sum + line.unitGross * line.quantity, 0);
      const discount = random(2) === 1 ? Math.floor((subtotal * random(100)) / 100) : random(subtotal);
      const shipping = sold([{ name: 'Transport', unitGross: random(3) === 1 ? 0 : 1999, quantity: 1 }]);
      const amounts = invoiceAmounts([...products, ...shipping], true, codeParts('COD', products, discount));
      expect(amounts.gross).toBe(subtotal - discount + shipping[0]!.unitGross);
      expect(amounts.allowanceTotal).toBe(amounts.allowances!.reduce((sum, allowance) => sum + allowance.net, 0));
      expect(amounts.net - amounts.allowanceTotal! + amounts.vat).toBe(amounts.gross);
      const orderVat = vatByRate({ lines: products.map((line) => ({ ...line, unitPrice: line.unitGross })), shippingVatRate: 2100, shippingVat: shipping[0]!.vatAmount, discount });
      expect(amounts.breakdown.map((entry) => ({ rate: entry.rate, amount: entry.vat }))).toEqual(orderVat);
      for (const entry of amounts.breakdown) {
        const linesNet = amounts.lines.filter((line) => line.vatRate === entry.rate).reduce((sum, line) => sum + line.net, 0);
        const allowanceNet = amounts.allowances!.filter((allowance) => allowance.rate === entry.rate).reduce((sum, allowance) => sum + allowance.net, 0);
        expect(entry.taxable).toBe(linesNet - allowanceNet);
        expect(Math.abs(entry.vat - (entry.taxable * entry.rate!) / 10_000)).toBeLessThan(100);
      }
    }
  });
});

describe('a unit price without VAT', () => {
  it('has two decimals, or up to four when the line does not divide into its units', () => {
    expect(unitNetText(8263, 1)).toBe('82.63');
    expect(unitNetText(1000, 4)).toBe('2.50');
    expect(unitNetText(10_000, 3)).toBe('33.3333');
    expect(unitNetText(8263, 2)).toBe('41.315');
    expect(unitNetText(0, 1)).toBe('0.00');
  });
});

describe('addresses as e-Factura takes them', () => {
  it('finds the Bucharest sector however it is written, and nothing that only looks like one', () => {
    expect(bucharestSector('Sector 3')).toBe(3);
    expect(bucharestSector('București', 'Str. Lipscani nr. 5, sectorul 6')).toBe(6);
    expect(bucharestSector('Bucuresti, sect. 2')).toBe(2);
    expect(bucharestSector('București', 'Bd. Unirii 5, bl. S3')).toBeNull();
    expect(bucharestSector('Sector 7')).toBeNull();
  });

  it('write the county as ISO 3166-2:RO, and the sector as the city in Bucharest', () => {
    expect(efacturaPlace({ county: 'CJ', city: 'Cluj-Napoca', street: 'Str. Memorandumului' })).toEqual({ city: 'Cluj-Napoca', countySubentity: 'RO-CJ' });
    expect(efacturaPlace({ county: 'B', city: 'București, Sector 2', street: 'Str. Icoanei' })).toEqual({ city: 'SECTOR2', countySubentity: 'RO-B' });
    expect(efacturaPlace({ county: 'B', city: 'București', street: 'Str. Icoanei' })).toBeNull();
  });
});

describe('what a status change does to invoices', () => {
  it('issues at payment, at the shop’s moment or on delivery, and credits on cancel or return', () => {
    expect(invoiceAction('paid', 'shipped')).toBe('issue');
    expect(invoiceAction('shipped', 'shipped')).toBe('issue');
    expect(invoiceAction('shipped', 'delivered')).toBeNull();
    expect(invoiceAction('delivered', 'shipped')).toBe('issue');
    expect(invoiceAction('confirmed', 'shipped')).toBeNull();
    expect(invoiceAction('cancelled', 'shipped')).toBe('credit');
    expect(invoiceAction('returned', 'delivered')).toBe('credit');
  });
});
