import { type DiscountPart, efacturaPlace, type InvoicePayment, invoiceAmounts, type SoldLine } from '../domain/invoice';
import type { UblDocument, UblSeller } from '../domain/ubl';
import { discountVatParts, orderVat, STANDARD_VAT_RATE } from '../domain/vat';

/** A shop that sells with VAT, in Cluj. */
export const SELLER: UblSeller = {
  name: 'EXEMPLU CONCEAL SRL',
  cui: '12345678',
  vatPayer: true,
  registrationNumber: 'J12/3456/2024',
  street: 'Str. Memorandumului nr. 28',
  place: { city: 'Cluj-Napoca', countySubentity: 'RO-CJ' },
  postalCode: '400114',
  email: 'contact@example.ro',
  phone: '0722123456',
};

/** Lines as an order stores them, each line's VAT by the order's own rule. */
export function soldLines(lines: { name: string; unitGross: number; quantity: number; vatRate?: number }[]): SoldLine[] {
  return lines.map((line) => {
    const vatRate = line.vatRate ?? STANDARD_VAT_RATE;
    return { ...line, vatRate, vatAmount: orderVat([{ unitPrice: line.unitGross, quantity: line.quantity }], 0, vatRate).lines[0]! };
  });
}

/** What the sample order sells (two lighters and a car key) and its shipping. */
export const SAMPLE_PRODUCTS = soldLines([
  { name: 'Dummy Lighter (Black)', unitGross: 4999, quantity: 2 },
  { name: 'Dummy Car Key', unitGross: 8999, quantity: 1 },
]);
const SAMPLE_SHIPPING = soldLines([{ name: 'Livrare prin curier', unitGross: 1999, quantity: 1 }]);

/** A discount code's parts as an order takes `amount` off its products (`products`: the lines without shipping). */
export function codeDiscount(code: string, products: readonly SoldLine[], amount: number): { code: string; parts: DiscountPart[] } {
  return {
    code,
    parts: discountVatParts(
      products.map((line) => ({ unitPrice: line.unitGross, quantity: line.quantity, vatRate: line.vatRate })),
      amount,
    ),
  };
}

/** A cash order's invoice to a private person in Bucharest, sector 2: two products and shipping, a code's discount if given; parts replaceable. */
export function invoiceDocument(overrides: Partial<UblDocument> & { lines?: SoldLine[]; discount?: { code: string; parts: DiscountPart[] } } = {}): UblDocument {
  const { lines, discount, ...rest } = overrides;
  const seller = rest.seller ?? SELLER;
  const payment: InvoicePayment = rest.payment ?? { method: 'cash' };
  return {
    kind: 'invoice',
    id: 'SST-0001',
    issueDate: '2026-11-26',
    deliveryDate: null,
    seller,
    buyer: {
      name: 'Ana Popescu',
      street: 'Str. Icoanei nr. 12',
      place: efacturaPlace({ county: 'B', city: 'București', street: 'Str. Icoanei nr. 12, Sector 2' })!,
      postalCode: '020452',
      email: 'ana@example.ro',
    },
    amounts: invoiceAmounts(lines ?? [...SAMPLE_PRODUCTS, ...SAMPLE_SHIPPING], seller.vatPayer, discount),
    payment,
    notes: ['Comanda 10042'],
    ...rest,
  };
}
