import { ibanPrinted } from './iban';
import { amountText, type EfacturaPlace, type InvoiceAllowance, type InvoiceAmounts, type InvoicePayment, PAYMENT_MEANS_CODE, PRIVATE_PERSON_ID, unitNetText } from './invoice';
import { CURRENCY } from './money';
import { escapeXml } from './text';
import { vatPercentText } from './vat';

/**
 * An invoice or a credit note as RO e-Factura takes it: UBL 2.1 with the CIUS-RO customization, elements in the
 * order the UBL schemas require. Every document is validated before it leaves the shop (the invoices module:
 * the UBL XSDs and the CIUS-RO Schematron).
 */

export const CIUS_RO_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1';

/** The payment terms of a cash order (BT-20), and of a credit note issued before it said what happens to the money. */
export const CASH_ON_DELIVERY_TERMS = 'Ramburs: plata la livrare, către curier';
export const REFUND_TERMS = 'Suma se restituie cumpărătorului';

/**
 * What a credit note does with the money, which its invoice's payment does not say (issue 45): the credited sum goes
 * back to the card that paid it, or by bank transfer to the account the customer gave (goods paid in cash and sent
 * back); or it cancels a sum that was never paid (a parcel refused at the door, an unpaid order cancelled); or it
 * stands in for the corrected invoice issued with it (a re-issue), and nothing moves.
 */
export type CreditSettlement = 'refundToCard' | 'refundByTransfer' | 'cancelsUnpaid' | 'replaced';

/** Whether a credit note pays its sum back to the buyer (to the card, or by bank transfer). */
export const refunds = (settlement: CreditSettlement | undefined): boolean => settlement === 'refundToCard' || settlement === 'refundByTransfer';

/** What a document says it does with the money: a credit note's settlement; none on an invoice, nor on a credit note issued before settlements. */
export function creditSettlement(document: Pick<UblDocument, 'kind' | 'settlement'>): CreditSettlement | undefined {
  return document.kind === 'creditNote' ? document.settlement : undefined;
}

/** A credit note's payment terms (BT-20), and its PDF's last words: what happens to the money. */
export function settlementTerms(settlement: CreditSettlement, document: Pick<UblDocument, 'corrects' | 'refundTo'>): string {
  const corrects = document.corrects?.id ?? '';
  switch (settlement) {
    case 'refundToCard':
      return 'Suma se restituie cumpărătorului, pe cardul cu care a plătit';
    case 'refundByTransfer':
      return `Suma se restituie cumpărătorului prin transfer bancar${document.refundTo ? `, în contul ${ibanPrinted(document.refundTo)}` : ''}`;
    case 'cancelsUnpaid':
      return `Anulează suma datorată pe factura ${corrects}, care nu a fost plătită: nu se restituie nimic`;
    case 'replaced':
      return `Stornează factura ${corrects}, înlocuită de factura corectată emisă odată cu aceasta: nu se restituie nimic`;
  }
}

/**
 * What was paid and what is left to pay (BT-113, BT-115): an invoice's card payment; a credit note's refund is the
 * whole credited sum, and one that refunds nothing has it settled against its invoice, nothing left to pay back. A
 * credit note issued before settlements were written reads as it was issued: its invoice's payment.
 */
export function paidAndPayable(document: Pick<UblDocument, 'kind' | 'amounts' | 'payment' | 'settlement'>): { paid: number; payable: number } {
  const { gross } = document.amounts;
  const settlement = creditSettlement(document);
  let paid = document.payment.method === 'card' ? document.payment.paid : 0;
  if (settlement) paid = refunds(settlement) ? 0 : gross;
  return { paid, payable: gross - paid };
}

/** UNCL 5189: a discount (an allowance's reason code, BT-98). */
const DISCOUNT_REASON_CODE = '95';

/** UN/ECE Recommendation 20: one piece. */
const UNIT_CODE = 'H87';

export interface UblSeller {
  name: string;
  /** The CUI's digits, without RO. */
  cui: string;
  vatPayer: boolean;
  /** Trade register number (J40/1234/2025). */
  registrationNumber: string;
  street: string;
  place: EfacturaPlace;
  postalCode: string | null;
  email: string | null;
  phone: string | null;
}

export interface UblBuyer {
  name: string;
  street: string;
  /** Block, staircase, floor, apartment (AdditionalStreetName, BT-51); absent in documents from before it. */
  additionalStreet?: string | null;
  place: EfacturaPlace;
  postalCode: string | null;
  email: string;
}

export interface UblDocument {
  kind: 'invoice' | 'creditNote';
  /** Series and number (BT-1). */
  id: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** When the goods were delivered, if before the issue date (BT-72). */
  deliveryDate: string | null;
  seller: UblSeller;
  buyer: UblBuyer;
  amounts: InvoiceAmounts;
  payment: InvoicePayment;
  /** Free texts (BT-22): the order's number, the legal mentions. */
  notes: string[];
  /** What a credit note corrects: the invoice's number and date (BG-3). */
  corrects?: { id: string; issueDate: string };
  /** What a credit note does with the money; none on an invoice, nor on a credit note issued before 2026-11-28. */
  settlement?: CreditSettlement;
  /** A refund by bank transfer's account: the buyer's IBAN (electronic form), as they gave it with their withdrawal. */
  refundTo?: string;
}

/** An element with text, or nothing when the text is empty. */
const el = (name: string, text: string | null | undefined, attributes = '') => (text ? `<${name}${attributes}>${escapeXml(text)}</${name}>` : '');
const amount = (name: string, bani: number) => el(name, amountText(bani), ` currencyID="${CURRENCY}"`);

function address(street: string, place: EfacturaPlace, postalCode: string | null, additionalStreet?: string | null): string {
  return `<cac:PostalAddress>${el('cbc:StreetName', street)}${el('cbc:AdditionalStreetName', additionalStreet)}${el('cbc:CityName', place.city)}${el('cbc:PostalZone', postalCode)}${el('cbc:CountrySubentity', place.countySubentity)}<cac:Country>${el('cbc:IdentificationCode', 'RO')}</cac:Country></cac:PostalAddress>`;
}

function seller(party: UblSeller): string {
  const vat = party.vatPayer ? `<cac:PartyTaxScheme>${el('cbc:CompanyID', `RO${party.cui}`)}<cac:TaxScheme>${el('cbc:ID', 'VAT')}</cac:TaxScheme></cac:PartyTaxScheme>` : '';
  const contact = party.email || party.phone ? `<cac:Contact>${el('cbc:Telephone', party.phone)}${el('cbc:ElectronicMail', party.email)}</cac:Contact>` : '';
  return `<cac:AccountingSupplierParty><cac:Party>${address(party.street, party.place, party.postalCode)}${vat}<cac:PartyLegalEntity>${el('cbc:RegistrationName', party.name)}${el('cbc:CompanyID', party.cui)}${el('cbc:CompanyLegalForm', party.registrationNumber)}</cac:PartyLegalEntity>${contact}</cac:Party></cac:AccountingSupplierParty>`;
}

/** The buyer, a private person: name and address, no contact (nothing requires a private buyer's email; issue 48). */
function buyer(party: UblBuyer): string {
  return `<cac:AccountingCustomerParty><cac:Party>${address(party.street, party.place, party.postalCode, party.additionalStreet)}<cac:PartyLegalEntity>${el('cbc:RegistrationName', party.name)}${el('cbc:CompanyID', PRIVATE_PERSON_ID)}</cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>`;
}

/** A VAT category: standard rated (S) with its percent, or not subject to VAT (O) for a seller not registered. */
function taxCategory(element: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory', rate: number | null, withExemption: boolean): string {
  const category =
    rate === null
      ? `${el('cbc:ID', 'O')}${withExemption ? `${el('cbc:TaxExemptionReasonCode', 'VATEX-EU-O')}${el('cbc:TaxExemptionReason', 'Neplătitor de TVA')}` : ''}`
      : `${el('cbc:ID', 'S')}${el('cbc:Percent', vatPercentText(rate))}`;
  return `<${element}>${category}<cac:TaxScheme>${el('cbc:ID', 'VAT')}</cac:TaxScheme></${element}>`;
}

/**
 * A discount code's part at one VAT rate as a document-level allowance (BG-20): its amount without VAT, its reason
 * both coded (95, discount) and written, and the rate whose base it lowers (BR-S-08). A credit note repeats them.
 */
function allowanceCharge(allowance: InvoiceAllowance): string {
  const reason = `${el('cbc:AllowanceChargeReasonCode', DISCOUNT_REASON_CODE)}${el('cbc:AllowanceChargeReason', `Reducere cod ${allowance.code}`)}`;
  return `<cac:AllowanceCharge>${el('cbc:ChargeIndicator', 'false')}${reason}${amount('cbc:Amount', allowance.net)}${taxCategory('cac:TaxCategory', allowance.rate, false)}</cac:AllowanceCharge>`;
}

/**
 * How it is paid (BG-16) and its terms (BT-20). An invoice: cash on delivery, to the courier, or the card that paid
 * it; something left to pay needs its terms (BR-CO-25). A credit note: how the money goes back, if it does (to the
 * card), and what happens to it, always. One issued before settlements: its invoice's means, refunded if left to pay.
 */
function paymentAndTerms(document: UblDocument, payable: number): string {
  const terms = (text: string) => `<cac:PaymentTerms>${el('cbc:Note', text)}</cac:PaymentTerms>`;
  const means = (code: string, account = '') => `<cac:PaymentMeans>${el('cbc:PaymentMeansCode', code)}${account}</cac:PaymentMeans>`;
  const settlement = creditSettlement(document);
  if (settlement === 'refundByTransfer') {
    const account = document.refundTo ? `<cac:PayeeFinancialAccount>${el('cbc:ID', document.refundTo)}</cac:PayeeFinancialAccount>` : '';
    return `${means(PAYMENT_MEANS_CODE.transfer, account)}${terms(settlementTerms(settlement, document))}`;
  }
  if (settlement) return `${settlement === 'refundToCard' ? means(PAYMENT_MEANS_CODE.card) : ''}${terms(settlementTerms(settlement, document))}`;
  return `${means(PAYMENT_MEANS_CODE[document.payment.method])}${payable > 0 ? terms(document.kind === 'invoice' ? CASH_ON_DELIVERY_TERMS : REFUND_TERMS) : ''}`;
}

/** The document's XML text (UTF-8), an Invoice (type 380) or a CreditNote (type 381) that references its invoice. */
export function ublXml(document: UblDocument): string {
  const invoice = document.kind === 'invoice';
  const root = invoice ? 'Invoice' : 'CreditNote';
  const { amounts } = document;
  const vatPayer = document.seller.vatPayer;
  const { paid, payable } = paidAndPayable(document);

  const lines = amounts.lines
    .map((line, index) => {
      const tag = invoice ? 'cac:InvoiceLine' : 'cac:CreditNoteLine';
      const quantity = el(invoice ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity', String(line.quantity), ` unitCode="${UNIT_CODE}"`);
      const item = `<cac:Item>${el('cbc:Name', line.name)}${taxCategory('cac:ClassifiedTaxCategory', vatPayer ? line.vatRate : null, false)}</cac:Item>`;
      const price = `<cac:Price>${el('cbc:PriceAmount', unitNetText(line.net, line.quantity), ` currencyID="${CURRENCY}"`)}</cac:Price>`;
      return `<${tag}>${el('cbc:ID', String(index + 1))}${quantity}${amount('cbc:LineExtensionAmount', line.net)}${item}${price}</${tag}>`;
    })
    .join('');
  const subtotals = amounts.breakdown
    .map((entry) => `<cac:TaxSubtotal>${amount('cbc:TaxableAmount', entry.taxable)}${amount('cbc:TaxAmount', entry.vat)}${taxCategory('cac:TaxCategory', entry.rate, true)}</cac:TaxSubtotal>`)
    .join('');
  const allowances = (amounts.allowances ?? []).map(allowanceCharge).join('');
  const allowanceTotal = amounts.allowanceTotal ?? 0;
  const totals =
    `<cac:LegalMonetaryTotal>${amount('cbc:LineExtensionAmount', amounts.net)}${amount('cbc:TaxExclusiveAmount', amounts.net - allowanceTotal)}` +
    `${amount('cbc:TaxInclusiveAmount', amounts.gross)}${allowanceTotal > 0 ? amount('cbc:AllowanceTotalAmount', allowanceTotal) : ''}` +
    `${paid > 0 ? amount('cbc:PrepaidAmount', paid) : ''}${amount('cbc:PayableAmount', payable)}</cac:LegalMonetaryTotal>`;
  const corrects = document.corrects
    ? `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc:ID', document.corrects.id)}${el('cbc:IssueDate', document.corrects.issueDate)}</cac:InvoiceDocumentReference></cac:BillingReference>`
    : '';
  const delivery = document.deliveryDate ? `<cac:Delivery>${el('cbc:ActualDeliveryDate', document.deliveryDate)}</cac:Delivery>` : '';

  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">` +
    el('cbc:CustomizationID', CIUS_RO_CUSTOMIZATION) +
    el('cbc:ID', document.id) +
    el('cbc:IssueDate', document.issueDate) +
    el(invoice ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode', invoice ? '380' : '381') +
    document.notes.map((note) => el('cbc:Note', note)).join('') +
    el('cbc:DocumentCurrencyCode', CURRENCY) +
    corrects +
    seller(document.seller) +
    buyer(document.buyer) +
    delivery +
    paymentAndTerms(document, payable) +
    allowances +
    `<cac:TaxTotal>${amount('cbc:TaxAmount', amounts.vat)}${subtotals}</cac:TaxTotal>` +
    totals +
    lines +
    `</${root}>\n`
  );
}
