import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ublXml } from '../../../domain/ubl';
import { codeDiscount, invoiceDocument, SAMPLE_PRODUCTS, SELLER, soldLines } from '../../../testing/invoiceDocument';
import { cachedSchematron, EFACTURA_FOLDER, efacturaProblems, schemaProblems, schematronProblems } from './validation';

// The rules compiled for SaxonJS: from this machine's cache (the build fills it), else compiled now, once.
beforeAll(() => void cachedSchematron(), 300_000);

const problemsOf = (document: ReturnType<typeof invoiceDocument>) => efacturaProblems(ublXml(document), document.kind);

describe('the e-Factura validator', () => {
  it('accepts ANAF’s own example invoice, against the schema and the rules', async () => {
    const example = readFileSync(path.join(EFACTURA_FOLDER, 'cius-ro-1.0.9', 'examples', 'ubl_b2g_example0.xml'), 'utf8');
    expect(await schemaProblems(example, 'invoice')).toEqual([]);
    expect(await schematronProblems(example)).toEqual([]);
  });

  it('names each broken rule with its message: an invoice number without a digit (BR-RO-010)', async () => {
    const problems = await problemsOf(invoiceDocument({ id: 'SST-ABC' }));
    expect(problems).toContainEqual(expect.objectContaining({ rule: 'BR-RO-010', message: expect.stringContaining('Numarul facturii (BT-1)') }));
  });

  it('reports what the UBL schema refuses, before the rules', async () => {
    // The issue date moved before the number: UBL's order of elements is part of the schema.
    const xml = ublXml(invoiceDocument()).replace(/(<cbc:ID>SST-0001<\/cbc:ID>)(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)/, '$2$1');
    const problems = await efacturaProblems(xml, 'invoice');
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.rule === 'XSD')).toBe(true);
    expect(problems[0]!.message).toMatch(/IssueDate|ID/);
  });
});

describe('the shop’s invoices', () => {
  it('a cash order to Bucharest, sector 2, with shipping: valid', async () => {
    expect(await problemsOf(invoiceDocument())).toEqual([]);
  });

  it('a card order paid before the invoice, delivered before it was issued: valid', async () => {
    const document = invoiceDocument({ deliveryDate: '2026-11-24' });
    expect(await problemsOf({ ...document, payment: { method: 'card', paid: document.amounts.gross } })).toEqual([]);
  });

  it('lines at two VAT rates, one of them not divisible into its units: valid', async () => {
    const lines = soldLines([
      { name: 'Carte', unitGross: 3000, quantity: 1, vatRate: 1100 },
      { name: 'Dummy Marker', unitGross: 2999, quantity: 3 },
      { name: 'Dummy Phone Charger', unitGross: 10_000, quantity: 3 },
    ]);
    expect(await problemsOf(invoiceDocument({ lines }))).toEqual([]);
  });

  it('from a seller not registered for VAT (category O, no VAT amounts): valid', async () => {
    expect(await problemsOf(invoiceDocument({ seller: { ...SELLER, vatPayer: false } }))).toEqual([]);
  });

  it('a credit note for a returned order, referencing its invoice: valid', async () => {
    const document = invoiceDocument({ kind: 'creditNote', id: 'SST-0002', corrects: { id: 'SST-0001', issueDate: '2026-11-20' } });
    expect(await problemsOf(document)).toEqual([]);
  });

  it('with a discount code, as an allowance at 21%, paid by card, and its credit note: valid', async () => {
    const document = invoiceDocument({ discount: codeDiscount('VARA10', SAMPLE_PRODUCTS, 1900) });
    expect(await problemsOf(document)).toEqual([]);
    expect(await problemsOf({ ...document, payment: { method: 'card', paid: document.amounts.gross } })).toEqual([]);
    expect(await problemsOf({ ...document, kind: 'creditNote', id: 'SST-0002', corrects: { id: 'SST-0001', issueDate: '2026-11-26' } })).toEqual([]);
  });

  it('a credit note refunded to the card, one cancelling an unpaid invoice and one for a re-issue, with a discount code: valid', async () => {
    const document = invoiceDocument({ kind: 'creditNote', id: 'SST-0002', corrects: { id: 'SST-0001', issueDate: '2026-11-26' }, discount: codeDiscount('VARA10', SAMPLE_PRODUCTS, 1900) });
    expect(await problemsOf({ ...document, payment: { method: 'card', paid: document.amounts.gross }, settlement: 'refundToCard' })).toEqual([]);
    expect(await problemsOf({ ...document, settlement: 'cancelsUnpaid' })).toEqual([]);
    expect(await problemsOf({ ...document, settlement: 'refundByTransfer', refundTo: 'RO49AAAA1B31007593840000' })).toEqual([]);
    expect(await problemsOf({ ...document, settlement: 'refundByTransfer' })).toEqual([]);
    expect(await problemsOf({ ...document, settlement: 'replaced' })).toEqual([]);
  });

  it('with a discount code over lines at two VAT rates, one allowance each, and from a seller not registered for VAT: valid', async () => {
    const products = soldLines([
      { name: 'Carte', unitGross: 3000, quantity: 1, vatRate: 1100 },
      { name: 'Dummy Marker', unitGross: 2999, quantity: 3 },
      { name: 'Dummy Phone Charger', unitGross: 10_000, quantity: 3 },
    ]);
    const lines = [...products, ...soldLines([{ name: 'Transport', unitGross: 1999, quantity: 1 }])];
    const discount = codeDiscount('VARA10', products, 4200);
    expect(discount.parts.map((part) => part.vatRate)).toEqual([2100, 1100]);
    expect(await problemsOf(invoiceDocument({ lines, discount }))).toEqual([]);
    expect(await problemsOf(invoiceDocument({ lines, discount, seller: { ...SELLER, vatPayer: false } }))).toEqual([]);
  });

  it('a discount written as it would be without its allowance is refused (BR-S-08)', async () => {
    const document = invoiceDocument({ discount: codeDiscount('VARA10', SAMPLE_PRODUCTS, 1900) });
    const xml = ublXml(document).replace(/<cac:AllowanceCharge>.*<\/cac:AllowanceCharge>/, '');
    expect((await efacturaProblems(xml, 'invoice')).map((problem) => problem.rule)).toContain('BR-S-08');
  });
});
