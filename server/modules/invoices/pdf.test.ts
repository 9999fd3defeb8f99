import { describe, expect, it } from 'vitest';
import { invoiceDocument, SELLER } from '../../../testing/invoiceDocument';
import { invoicePdf } from './pdf';

/** The Unicode characters an uncompressed PDF's fonts can print: what their ToUnicode maps send glyphs to. */
function printable(pdf: Buffer): Set<number> {
  const text = pdf.toString('latin1');
  const codes = new Set<number>();
  for (const map of text.matchAll(/begincmap([\s\S]*?)endcmap/g)) {
    for (const hex of map[1]!.matchAll(/<([0-9a-fA-F]{4})>/g)) codes.add(Number.parseInt(hex[1]!, 16));
  }
  return codes;
}

describe('an invoice as a PDF', () => {
  it('is an A4 PDF in DejaVu Sans, shipped with the project, that prints ă, â, î, ș and ț', async () => {
    const pdf = await invoicePdf(invoiceDocument({ notes: ['Comanda 10042', 'Ștefania Bârlădeanu, Strada Înfrățirii: ă â î ș ț, Ă Â Î Ș Ț'] }), { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    const codes = printable(pdf);
    for (const letter of 'ăâîșțĂÂÎȘȚ') expect(codes.has(letter.codePointAt(0)!), letter).toBe(true);
  });

  it('also for a credit note and a seller not registered for VAT, compressed as the shop sends it', async () => {
    const credit = await invoicePdf(invoiceDocument({ kind: 'creditNote', id: 'SST-0002', corrects: { id: 'SST-0001', issueDate: '2026-11-20' } }));
    const noVat = await invoicePdf(invoiceDocument({ seller: { ...SELLER, vatPayer: false } }));
    for (const pdf of [credit, noVat]) {
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1')).toContain('/FlateDecode');
    }
  });
});
