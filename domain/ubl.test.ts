import { describe, expect, it } from 'vitest';
import { codeDiscount, invoiceDocument, SAMPLE_PRODUCTS, SELLER, soldLines } from '../testing/invoiceDocument';
import { CIUS_RO_CUSTOMIZATION, ublXml } from './ubl';

const text = (xml: string, element: string) => [...xml.matchAll(new RegExp(`<${element}[^>]*>([^<]*)</${element}>`, 'g'))].map((found) => found[1]);

describe('an e-Factura invoice', () => {
  it('is a UBL Invoice with the CIUS-RO customization, type 380, in lei', () => {
    const xml = ublXml(invoiceDocument());
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    expect(text(xml, 'cbc:CustomizationID')).toEqual([CIUS_RO_CUSTOMIZATION]);
    expect(text(xml, 'cbc:InvoiceTypeCode')).toEqual(['380']);
    expect(text(xml, 'cbc:DocumentCurrencyCode')).toEqual(['RON']);
  });

  it('names the buyer as a private person (BT-47 thirteen zeros), in sector 2 of Bucharest', () => {
    const xml = ublXml(invoiceDocument());
    expect(xml).toContain('<cac:PartyLegalEntity><cbc:RegistrationName>Ana Popescu</cbc:RegistrationName><cbc:CompanyID>0000000000000</cbc:CompanyID>');
    expect(text(xml, 'cbc:CityName')).toEqual(['Cluj-Napoca', 'SECTOR2']);
    expect(text(xml, 'cbc:CountrySubentity')).toEqual(['RO-CJ', 'RO-B']);
    // No buyer email: nothing requires it of a private buyer, and the invoice goes to ANAF (issue 48). The seller's stays.
    const buyer = xml.slice(xml.indexOf('<cac:AccountingCustomerParty>'), xml.indexOf('</cac:AccountingCustomerParty>'));
    expect(buyer).not.toContain('ElectronicMail');
    expect(buyer).not.toContain('@');
    expect(text(xml, 'cbc:ElectronicMail')).toHaveLength(1);
  });

  it('carries each line, the VAT per rate and totals that add up to what the customer pays', () => {
    const xml = ublXml(invoiceDocument());
    expect(text(xml, 'cbc:InvoicedQuantity')).toEqual(['2', '1', '1']);
    expect(text(xml, 'cbc:LineExtensionAmount')).toEqual(['173.52', '82.63', '74.37', '16.52']);
    expect(text(xml, 'cbc:TaxInclusiveAmount')).toEqual(['209.96']);
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['209.96']);
    expect(text(xml, 'cbc:Percent')).toEqual(['21', '21', '21', '21']);
    expect(text(xml, 'cbc:PaymentMeansCode')).toEqual(['10']);
    expect(text(xml, 'cbc:Note')).toEqual(['Comanda 10042', 'Ramburs: plata la livrare, către curier']);
  });

  it('says a card order is paid: the amount paid, nothing left to pay', () => {
    const document = invoiceDocument();
    const xml = ublXml({ ...document, payment: { method: 'card', paid: document.amounts.gross } });
    expect(text(xml, 'cbc:PaymentMeansCode')).toEqual(['48']);
    expect(text(xml, 'cbc:PrepaidAmount')).toEqual(['209.96']);
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['0.00']);
    expect(xml).not.toContain('<cac:PaymentTerms>');
  });

  it('from a seller not registered for VAT: no VAT number, category O with its reason, no VAT', () => {
    const xml = ublXml(invoiceDocument({ seller: { ...SELLER, vatPayer: false } }));
    expect(xml).not.toContain('<cac:PartyTaxScheme>');
    expect(text(xml, 'cbc:TaxExemptionReasonCode')).toEqual(['VATEX-EU-O']);
    expect(text(xml, 'cbc:TaxAmount')).toEqual(['0.00', '0.00']);
    expect(xml).not.toContain('<cbc:Percent>');
  });

  it('escapes what XML would read as markup', () => {
    const xml = ublXml(invoiceDocument({ notes: ['Ana & <Ion> "quoted"'] }));
    expect(xml).toContain('<cbc:Note>Ana &amp; &lt;Ion&gt; &quot;quoted&quot;</cbc:Note>');
  });
});

describe('an e-Factura invoice with a discount code', () => {
  // VARA10 on 189.97 lei of products: 19.00 lei off, of which 3.30 VAT at 21%.
  const discounted = (overrides: Parameters<typeof invoiceDocument>[0] = {}) => invoiceDocument({ discount: codeDiscount('VARA10', SAMPLE_PRODUCTS, 1900), ...overrides });

  it('takes it off as a document-level allowance without its VAT, after the payment terms and before the VAT', () => {
    const xml = ublXml(discounted());
    expect(xml).toContain(
      '</cac:PaymentTerms><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>' +
        '<cbc:AllowanceChargeReason>Reducere cod VARA10</cbc:AllowanceChargeReason><cbc:Amount currencyID="RON">15.70</cbc:Amount>' +
        '<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge><cac:TaxTotal>',
    );
  });

  it('lowers the VAT’s base and amount by it, and totals what the customer pays, in UBL’s order', () => {
    const xml = ublXml(discounted());
    expect(text(xml, 'cbc:TaxableAmount')).toEqual(['157.82']);
    expect(text(xml, 'cbc:TaxAmount')).toEqual(['33.14', '33.14']);
    expect(/<cac:LegalMonetaryTotal>(.*)<\/cac:LegalMonetaryTotal>/.exec(xml)![1]!.replace(/ currencyID="RON"/g, '')).toBe(
      '<cbc:LineExtensionAmount>173.52</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount>157.82</cbc:TaxExclusiveAmount>' +
        '<cbc:TaxInclusiveAmount>190.96</cbc:TaxInclusiveAmount><cbc:AllowanceTotalAmount>15.70</cbc:AllowanceTotalAmount><cbc:PayableAmount>190.96</cbc:PayableAmount>',
    );
  });

  it('has one allowance per VAT rate when its lines have two', () => {
    const products = soldLines([
      { name: 'Carte', unitGross: 3000, quantity: 1, vatRate: 1100 },
      { name: 'Dummy Marker', unitGross: 2999, quantity: 3 },
    ]);
    const xml = ublXml(invoiceDocument({ lines: products, discount: codeDiscount('VARA10', products, 1200) }));
    expect(text(xml, 'cbc:Amount')).toEqual(['7.44', '2.70']);
    expect(text(xml, 'cbc:AllowanceTotalAmount')).toEqual(['10.14']);
    expect(text(xml, 'cbc:TaxableAmount')).toEqual(['66.92', '24.33']);
  });

  it('from a seller not registered for VAT: one allowance at its whole amount, category O', () => {
    const xml = ublXml(discounted({ seller: { ...SELLER, vatPayer: false } }));
    expect(xml).toContain('<cbc:Amount currencyID="RON">19.00</cbc:Amount><cac:TaxCategory><cbc:ID>O</cbc:ID><cac:TaxScheme>');
    expect(text(xml, 'cbc:TaxExclusiveAmount')).toEqual(['190.96']);
  });

  it('is repeated by its credit note', () => {
    const xml = ublXml(discounted({ kind: 'creditNote', id: 'SST-0002', corrects: { id: 'SST-0001', issueDate: '2026-11-20' } }));
    expect(text(xml, 'cbc:AllowanceChargeReason')).toEqual(['Reducere cod VARA10']);
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['190.96']);
  });
});

describe('an e-Factura credit note', () => {
  it('is a CreditNote, type 381, that references the invoice it corrects, with credited quantities', () => {
    const xml = ublXml(invoiceDocument({ kind: 'creditNote', id: 'SST-0002', corrects: { id: 'SST-0001', issueDate: '2026-11-20' } }));
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(text(xml, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(xml).toContain('<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>SST-0001</cbc:ID><cbc:IssueDate>2026-11-20</cbc:IssueDate>');
    expect(text(xml, 'cbc:CreditedQuantity')).toEqual(['2', '1', '1']);
    expect(xml).not.toContain('InvoiceLine');
  });
});

describe('a credit note says what happens to the money', () => {
  const credit = { kind: 'creditNote', id: 'SST-0002', corrects: { id: 'SST-0001', issueDate: '2026-11-20' } } as const;
  const cardPaid = invoiceDocument();
  const byCard = { method: 'card', paid: cardPaid.amounts.gross } as const;

  it('refunded to the card that paid: the card as the means, the whole sum to pay back, nothing prepaid', () => {
    const xml = ublXml(invoiceDocument({ ...credit, payment: byCard, settlement: 'refundToCard' }));
    expect(text(xml, 'cbc:PaymentMeansCode')).toEqual(['48']);
    expect(text(xml, 'cbc:PrepaidAmount')).toEqual([]);
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['209.96']);
    expect(text(xml, 'cbc:Note')).toContain('Suma se restituie cumpărătorului, pe cardul cu care a plătit');
  });

  it('refunded by bank transfer: a payment to the buyer’s account, named, the whole sum to pay back', () => {
    const xml = ublXml(invoiceDocument({ ...credit, settlement: 'refundByTransfer', refundTo: 'RO49AAAA1B31007593840000' }));
    expect(text(xml, 'cbc:PaymentMeansCode')).toEqual(['42']);
    expect(xml).toContain('<cac:PayeeFinancialAccount><cbc:ID>RO49AAAA1B31007593840000</cbc:ID></cac:PayeeFinancialAccount>');
    expect(text(xml, 'cbc:PrepaidAmount')).toEqual([]);
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['209.96']);
    expect(text(xml, 'cbc:Note')).toContain('Suma se restituie cumpărătorului prin transfer bancar, în contul RO49 AAAA 1B31 0075 9384 0000');
    const noAccount = ublXml(invoiceDocument({ ...credit, settlement: 'refundByTransfer' }));
    expect(noAccount).not.toContain('PayeeFinancialAccount');
    expect(text(noAccount, 'cbc:Note')).toContain('Suma se restituie cumpărătorului prin transfer bancar');
  });

  it('an unpaid invoice cancelled: no means of payment, settled against the invoice, nothing to pay back', () => {
    const xml = ublXml(invoiceDocument({ ...credit, settlement: 'cancelsUnpaid' }));
    expect(xml).not.toContain('PaymentMeans');
    expect(text(xml, 'cbc:PrepaidAmount')).toEqual(['209.96']);
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['0.00']);
    expect(text(xml, 'cbc:Note')).toContain('Anulează suma datorată pe factura SST-0001, care nu a fost plătită: nu se restituie nimic');
    expect(xml).not.toContain('Suma se restituie');
  });

  it('a re-issue: the corrected invoice stands in, nothing moves, even for a card order', () => {
    const xml = ublXml(invoiceDocument({ ...credit, payment: byCard, settlement: 'replaced' }));
    expect(xml).not.toContain('PaymentMeans');
    expect(text(xml, 'cbc:PayableAmount')).toEqual(['0.00']);
    expect(text(xml, 'cbc:Note')).toContain('Stornează factura SST-0001, înlocuită de factura corectată emisă odată cu aceasta: nu se restituie nimic');
  });

  it('one issued before credit notes said so reads as it was issued: its invoice’s payment', () => {
    const cash = ublXml(invoiceDocument(credit));
    expect(text(cash, 'cbc:PaymentMeansCode')).toEqual(['10']);
    expect(text(cash, 'cbc:PayableAmount')).toEqual(['209.96']);
    expect(text(cash, 'cbc:Note')).toContain('Suma se restituie cumpărătorului');
    const card = ublXml(invoiceDocument({ ...credit, payment: byCard }));
    expect(text(card, 'cbc:PrepaidAmount')).toEqual(['209.96']);
    expect(text(card, 'cbc:PayableAmount')).toEqual(['0.00']);
  });
});
