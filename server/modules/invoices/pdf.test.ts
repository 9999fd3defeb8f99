import { describe, expect, it } from 'vitest';
import { codeDiscount, invoiceDocument, SAMPLE_PRODUCTS, SELLER, soldLines } from '../../../testing/invoiceDocument';
import { invoicePdf, paymentText, totalRows } from './pdf';

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

  it('shows a discount code as its own row, without its VAT, the VAT per rate and the totals after it', async () => {
    // VARA10 on 189.97 lei of products: 19.00 lei off, 15.70 without its 3.30 VAT.
    const document = invoiceDocument({ discount: codeDiscount('VARA10', SAMPLE_PRODUCTS, 1900) });
    const lei = (text: string) => `${text}\u00a0lei`;
    expect(totalRows(document)).toEqual([
      ['Subtotal fără TVA', lei('173,52')],
      ['Reducere (cod VARA10)', lei('-15,70')],
      ['Total fără TVA', lei('157,82')],
      [`TVA 21% (bază ${lei('157,82')})`, lei('33,14')],
      ['Total', lei('190,96')],
      ['Total de plată', lei('190,96')],
    ]);
    expect(totalRows(invoiceDocument({ discount: codeDiscount('VARA10', SAMPLE_PRODUCTS, 1900), seller: { ...SELLER, vatPayer: false } }))).toEqual([
      ['Subtotal', lei('209,96')],
      ['Reducere (cod VARA10)', lei('-19,00')],
      ['Total', lei('190,96')],
      ['Total de plată', lei('190,96')],
    ]);
    const credit = await invoicePdf({ ...document, kind: 'creditNote', id: 'SST-0002', corrects: { id: 'SST-0001', issueDate: '2026-11-26' } });
    expect(credit.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('names each rate’s part of a discount over two rates', () => {
    const products = soldLines([
      { name: 'Carte', unitGross: 3000, quantity: 1, vatRate: 1100 },
      { name: 'Dummy Marker', unitGross: 2999, quantity: 3 },
    ]);
    const rows = totalRows(invoiceDocument({ lines: products, discount: codeDiscount('VARA10', products, 1200) }));
    expect(rows.filter(([label]) => label.startsWith('Reducere'))).toEqual([
      ['Reducere (cod VARA10), cota TVA 21%', '-7,44\u00a0lei'],
      ['Reducere (cod VARA10), cota TVA 11%', '-2,70\u00a0lei'],
    ]);
  });

  it('a credit note ends at what goes back: the whole sum to the card that paid or by bank transfer, or nothing, saying what it cancels', () => {
    const credit = invoiceDocument({ kind: 'creditNote', id: 'SST-0002', corrects: { id: 'SST-0001', issueDate: '2026-11-26' } });
    const byCard = { ...credit, payment: { method: 'card', paid: credit.amounts.gross }, settlement: 'refundToCard' } as const;
    expect(totalRows(byCard).slice(-2)).toEqual([
      ['Total', '209,96\u00a0lei'],
      ['Total de restituit', '209,96\u00a0lei'],
    ]);
    expect(paymentText(byCard)).toBe('Suma se restituie cumpărătorului, pe cardul cu care a plătit.');
    const unpaid = { ...credit, settlement: 'cancelsUnpaid' } as const;
    expect(totalRows(unpaid).at(-1)).toEqual(['Total', '209,96\u00a0lei']);
    expect(totalRows(unpaid).map(([label]) => label)).not.toContain('Total de restituit');
    expect(paymentText(unpaid)).toBe('Anulează suma datorată pe factura SST-0001, care nu a fost plătită: nu se restituie nimic.');
    const byTransfer = { ...credit, settlement: 'refundByTransfer', refundTo: 'RO49AAAA1B31007593840000' } as const;
    expect(totalRows(byTransfer).at(-1)).toEqual(['Total de restituit', '209,96\u00a0lei']);
    expect(paymentText(byTransfer)).toBe('Suma se restituie cumpărătorului prin transfer bancar, în contul RO49 AAAA 1B31 0075 9384 0000.');
    expect(paymentText({ ...byCard, settlement: 'replaced' })).toBe('Stornează factura SST-0001, înlocuită de factura corectată emisă odată cu aceasta: nu se restituie nimic.');
    // One issued before: as it was issued.
    expect(totalRows(credit).at(-1)).toEqual(['Total de restituit', '209,96\u00a0lei']);
    expect(paymentText(credit)).toBe('Suma se restituie cumpărătorului.');
  });

  it('without a discount, says nothing of one', () => {
    expect(totalRows(invoiceDocument()).map(([label]) => label)).toEqual(['Total fără TVA', 'TVA 21% (bază 173,52\u00a0lei)', 'Total', 'Total de plată']);
  });
});
