import { addWorkingDays, deadlineUrgency } from './calendar';
import { bucharestSector } from './counties';
import { type Bani, toDecimalString } from './money';
import type { OrderStatus } from './orders';
import type { VatRate } from './vat';

/**
 * The rules of the shop's invoices (Fiscal Code art. 319, RO e-Factura with CIUS-RO): numbering, the amounts of
 * each line, each discount and each VAT rate in bani, the buyer's address as e-Factura takes it, the day the report
 * to ANAF is due. Pure; the invoices module (server/modules/invoices) issues and stores them, domain/ubl.ts writes
 * their XML.
 */

/** How an invoice's number is written: its series, a dash and the number, at least four digits ("SST-0042"). */
export function invoiceId(series: string, number: number): string {
  return `${series}-${String(number).padStart(4, '0')}`;
}

/** A series the owner may choose: letters and digits, 1–10 (INVOICE_SERIES). */
export const INVOICE_SERIES_PATTERN = /^[A-Z0-9]{1,10}$/;

/**
 * The series an invoice issued in `year` takes: the owner's, or, when numbers restart every year, the owner's with
 * the year ("SST2026"), so that no two invoices ever share a number.
 */
export function seriesOf(series: string, restartEachYear: boolean, year: number): string {
  return restartEachYear ? `${series}${year}` : series;
}

/** When a cash order's invoice is issued (INVOICE_ON): when the owner marks it shipped, or delivered. */
export type InvoiceMoment = 'shipped' | 'delivered';

/**
 * What an order's change into `to` does to its invoices: issue one (a card order once paid; a cash order at the
 * shop's moment, or once delivered whatever happened before), credit it (cancelled, or returned), or nothing.
 */
export function invoiceAction(to: OrderStatus, on: InvoiceMoment): 'issue' | 'credit' | null {
  if (to === 'paid' || to === on || to === 'delivered') return 'issue';
  if (to === 'cancelled' || to === 'returned') return 'credit';
  return null;
}

/** Working days, after the issue day, within which an invoice must be reported to ANAF (OUG 120/2021 as amended by OUG 89/2025). */
export const REPORT_WITHIN_WORKING_DAYS = 5;

/** The last day (YYYY-MM-DD) an invoice issued on `issueDay` may be reported to ANAF. */
export function reportDueDay(issueDay: string): string {
  return addWorkingDays(issueDay, REPORT_WITHIN_WORKING_DAYS);
}

/**
 * How pressing an invoice's report to ANAF is on `today` (YYYY-MM-DD, Bucharest): `late` after its last day, `due`
 * on that day and the day before (the owner is warned then), null before.
 */
export function reportUrgency(dueDay: string, today: string): 'late' | 'due' | null {
  return deadlineUrgency(dueDay, today, 1);
}

/** The owner is warned this many days before the sign-in at ANAF can no longer be renewed by itself. */
export const SIGN_IN_WARNING_DAYS = 30;

/** Whether the sign-in at ANAF (its refresh token) ends within SIGN_IN_WARNING_DAYS of `now`. */
export function signInEndsSoon(endsAt: Date, now: Date): boolean {
  return endsAt.getTime() - now.getTime() <= SIGN_IN_WARNING_DAYS * 86_400_000;
}

/** One line of what was sold, as the order holds it: prices include VAT, the line's VAT as the order stored it. */
export interface SoldLine {
  name: string;
  quantity: number;
  /** Price of one unit, VAT included, in bani. */
  unitGross: Bani;
  vatRate: VatRate;
  /** The VAT in the line's total (unit price × quantity), in bani. */
  vatAmount: Bani;
}

/** A line of the invoice: the same, with its amount without VAT. */
export interface InvoiceLine extends SoldLine {
  /** Unit price × quantity, VAT included. */
  gross: Bani;
  /** The line's amount without VAT (BT-131): its gross less its VAT. */
  net: Bani;
}

/** What the invoice says per VAT rate (BG-23): the taxable base and the VAT; `rate` null when the seller is not registered for VAT. */
export interface VatBreakdown {
  rate: VatRate | null;
  taxable: Bani;
  vat: Bani;
}

/** A discount code's part at one VAT rate, as the order took it off (domain/vat discountVatParts): VAT included, and its VAT. */
export interface DiscountPart {
  vatRate: VatRate;
  amount: Bani;
  vat: Bani;
}

/**
 * A discount on the whole invoice (BG-20, an allowance of UNCL 5189 code 95): a code's part at one VAT rate, without
 * its VAT (BT-92), and the VAT it takes off that rate's. A seller not registered for VAT has one, at its price.
 */
export interface InvoiceAllowance {
  /** The code, in capitals ("VARA10"). */
  code: string;
  rate: VatRate | null;
  net: Bani;
  vat: Bani;
}

export interface InvoiceAmounts {
  lines: InvoiceLine[];
  breakdown: VatBreakdown[];
  /**
   * The discount, per rate, and their sum without VAT (BT-107). Absent from invoices issued before discount codes:
   * documents are kept as issued, and a credit note repeats its invoice's.
   */
  allowances?: InvoiceAllowance[];
  allowanceTotal?: Bani;
  /** Σ lines without VAT (BT-106; less `allowanceTotal`, BT-109), the VAT (BT-110) and what the customer pays (BT-112). */
  net: Bani;
  vat: Bani;
  gross: Bani;
}

/**
 * The amounts of an invoice from the lines sold and a discount code's parts, in bani, adding up to the ban to what
 * the customer pays: each line's amount without VAT is its price less the VAT the order stored for it, each
 * discount part's is its amount less its VAT; each rate's base and VAT are its lines' less its discount's, and the
 * totals the sums of those (EN 16931 BR-CO-10, 11, 13, 14, 15 and BR-S-08 exactly; BR-CO-17 within its tolerance,
 * since each line's VAT is rounded on its own). A seller not registered for VAT (`vatPayer` false) charges none:
 * every line's amount is its price, the discount one allowance at its amount, under one breakdown without a rate.
 */
export function invoiceAmounts(sold: readonly SoldLine[], vatPayer: boolean, discount?: { code: string; parts: readonly DiscountPart[] }): InvoiceAmounts {
  const lines = sold.map((line) => {
    const gross = line.unitGross * line.quantity;
    const vatAmount = vatPayer ? line.vatAmount : 0;
    return { ...line, vatRate: vatPayer ? line.vatRate : 0, vatAmount, gross, net: gross - vatAmount };
  });
  const { code = '', parts = [] } = discount ?? {};
  const allowancesByRate = new Map<VatRate | null, InvoiceAllowance>();
  for (const part of parts) {
    if (part.amount === 0) continue;
    const rate = vatPayer ? part.vatRate : null;
    const vat = vatPayer ? part.vat : 0;
    const entry = allowancesByRate.get(rate) ?? { code, rate, net: 0, vat: 0 };
    entry.net += part.amount - vat;
    entry.vat += vat;
    allowancesByRate.set(rate, entry);
  }
  const allowances = [...allowancesByRate.values()].toSorted((a, b) => (b.rate ?? 0) - (a.rate ?? 0));
  const byRate = new Map<VatRate | null, VatBreakdown>();
  const add = (rate: VatRate | null, taxable: Bani, vat: Bani) => {
    const entry = byRate.get(rate) ?? { rate, taxable: 0, vat: 0 };
    entry.taxable += taxable;
    entry.vat += vat;
    byRate.set(rate, entry);
  };
  for (const line of lines) add(vatPayer ? line.vatRate : null, line.net, line.vatAmount);
  for (const allowance of allowances) add(allowance.rate, -allowance.net, -allowance.vat);
  const breakdown = [...byRate.values()].toSorted((a, b) => (b.rate ?? 0) - (a.rate ?? 0));
  const net = lines.reduce((sum, line) => sum + line.net, 0);
  const allowanceTotal = allowances.reduce((sum, allowance) => sum + allowance.net, 0);
  const vat = breakdown.reduce((sum, entry) => sum + entry.vat, 0);
  return { lines, breakdown, allowances, allowanceTotal, net, vat, gross: net - allowanceTotal + vat };
}

/**
 * A line's price of one unit without VAT (BT-146), in lei as e-Factura writes it: two decimals, or up to four when
 * the line's amount does not divide into its units (the line's amount, BT-131, is what counts).
 */
export function unitNetText(net: Bani, quantity: number): string {
  const tenThousandths = Math.round((net * 100) / quantity);
  const sign = tenThousandths < 0 ? '-' : '';
  const abs = Math.abs(tenThousandths);
  const decimals = String(abs % 10_000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${sign}${Math.floor(abs / 10_000)}.${decimals}`;
}

/** An amount as e-Factura writes it: lei with exactly two decimals ("1234.50"). */
export const amountText = toDecimalString;

/** A Romanian address as e-Factura takes it: the county as ISO 3166-2:RO ("RO-CJ"); in Bucharest the city is its sector ("SECTOR3"). */
export interface EfacturaPlace {
  city: string;
  countySubentity: string;
}

/**
 * Where an address is, as CIUS-RO wants it (BR-RO-100, BR-RO-110): the county's code with RO-, and for Bucharest
 * (county B) the sector as the city, found in the city or the street; null when a Bucharest address names no sector.
 */
export function efacturaPlace(address: { county: string; city: string; street: string }): EfacturaPlace | null {
  if (address.county !== 'B') return { city: address.city, countySubentity: `RO-${address.county}` };
  const sector = bucharestSector(address.city, address.street);
  return sector === null ? null : { city: `SECTOR${sector}`, countySubentity: 'RO-B' };
}

/** BT-47 for a buyer who is a private person, as ANAF asks: thirteen zeros in place of a CNP. */
export const PRIVATE_PERSON_ID = '0000000000000';

/** How the customer pays: cash to the courier (UNCL 4461 code 10), or by card, paid before the invoice (48), with the amount. */
export type InvoicePayment = { method: 'cash' } | { method: 'card'; paid: Bani };

/** UNTDID 4461: in cash (10), by bank card (48), a payment to a bank account (42: a refund by transfer). */
export const PAYMENT_MEANS_CODE = { cash: '10', card: '48', transfer: '42' } as const;
