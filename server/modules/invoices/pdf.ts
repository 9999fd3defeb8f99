import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countyName } from '../../../domain/counties';
import { unitNetText } from '../../../domain/invoice';
import { shopDay } from '../../../domain/locale';
import { formatMoney } from '../../../domain/money';
import { creditSettlement, paidAndPayable, refunds, settlementTerms, type UblDocument } from '../../../domain/ubl';
import { vatPercentText } from '../../../domain/vat';

/**
 * An invoice or credit note as a PDF, in Romanian, A4, written with pdfkit (never a browser) in DejaVu Sans, which
 * ships with the project (fonts/, with its licence) so that ă, â, î, ș and ț print as they are. Made from the
 * document as issued, like its XML. The build copies the fonts beside the server bundle.
 */

const FONTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts');
const REGULAR = path.join(FONTS, 'DejaVuSans.ttf');
const BOLD = path.join(FONTS, 'DejaVuSans-Bold.ttf');

const lei = (bani: number) => formatMoney(bani, 'ro');
/** A day as the invoice writes it, in Romanian: "26 noiembrie 2026". */
const roDay = (day: string) => shopDay(day, 'ro');

/** A place as people read it: "Cluj-Napoca, jud. Cluj"; in Bucharest "București, Sectorul 2". */
function placeText(place: { city: string; countySubentity: string }, postalCode: string | null): string {
  const code = place.countySubentity.replace(/^RO-/, '');
  const sector = /^SECTOR([1-6])$/.exec(place.city)?.[1];
  const where = code === 'B' && sector ? `București, Sectorul ${sector}` : `${place.city}${countyName(code) ? `, jud. ${countyName(code)}` : ''}`;
  return [postalCode, where].filter(Boolean).join(' ');
}

/**
 * The rows under the lines, label and amount: without VAT (with a discount code, the lines' less its allowances, as
 * e-Factura's), the VAT per rate (the discount's VAT already out of it), the total, what is paid and what is left to pay.
 */
export function totalRows(document: UblDocument): [string, string][] {
  const { amounts } = document;
  const vatPayer = document.seller.vatPayer;
  const { paid, payable } = paidAndPayable(document);
  const allowances = amounts.allowances ?? [];
  const discount = allowances.map((allowance): [string, string] => [
    `Reducere (cod ${allowance.code})${allowances.length > 1 ? `, cota TVA ${vatPercentText(allowance.rate ?? 0)}%` : ''}`,
    lei(-allowance.net),
  ]);
  const lineTotals: [string, string][] = discount.length > 0 ? [[vatPayer ? 'Subtotal fără TVA' : 'Subtotal', lei(amounts.net)], ...discount] : [];
  const totals: [string, string][] = vatPayer
    ? [
        ...lineTotals,
        ['Total fără TVA', lei(amounts.net - (amounts.allowanceTotal ?? 0))],
        ...amounts.breakdown.map((entry): [string, string] => [`TVA ${vatPercentText(entry.rate ?? 0)}% (bază ${lei(entry.taxable)})`, lei(entry.vat)]),
        ['Total', lei(amounts.gross)],
      ]
    : [...lineTotals, ['Total', lei(amounts.gross)]];
  // A credit note that pays nothing back ends at its total: the words under it say what it cancels.
  const settlement = creditSettlement(document);
  if (settlement) {
    if (refunds(settlement)) totals.push(['Total de restituit', lei(payable)]);
    return totals;
  }
  if (paid > 0) totals.push(['Achitat cu cardul', lei(paid)]);
  totals.push([document.kind === 'invoice' ? 'Total de plată' : 'Total de restituit', lei(payable)]);
  return totals;
}

/** The words under the totals: how an invoice is paid; what a credit note does with the money (as issued, before settlements). */
export function paymentText(document: UblDocument): string {
  const settlement = creditSettlement(document);
  if (settlement) return `${settlementTerms(settlement, document)}.`;
  if (document.payment.method === 'card') return `Modalitate de plată: card bancar, achitată la comandă (${lei(document.payment.paid)}).`;
  return document.kind === 'invoice' ? 'Modalitate de plată: ramburs, numerar la livrare, către curier.' : 'Suma se restituie cumpărătorului.';
}

/** The document's PDF. `compress` false leaves its streams readable (tests read the fonts' character maps). */
export async function invoicePdf(document: UblDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const invoice = document.kind === 'invoice';
  const title = invoice ? 'FACTURĂ' : 'FACTURĂ STORNO';
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    compress: options.compress ?? true,
    lang: 'ro-RO',
    info: { Title: `${title} ${document.id}`, Author: document.seller.name },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  pdf.registerFont('Regular', REGULAR);
  pdf.registerFont('Bold', BOLD);

  const { seller, buyer, amounts } = document;
  const vatPayer = seller.vatPayer;
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  pdf.font('Bold').fontSize(18).text(title, left, 40);
  pdf
    .font('Regular')
    .fontSize(10)
    .text(`Seria și numărul: ${document.id}`)
    .text(`Data emiterii: ${roDay(document.issueDate)}`);
  if (document.deliveryDate) pdf.text(`Data livrării: ${roDay(document.deliveryDate)}`);
  if (document.corrects) pdf.text(`Stornează factura ${document.corrects.id} din ${roDay(document.corrects.issueDate)}`);
  for (const note of document.notes) pdf.text(note);

  const partiesTop = pdf.y + 14;
  const column = width / 2 - 10;
  pdf.font('Bold').text('Furnizor', left, partiesTop, { width: column });
  pdf
    .font('Regular')
    .text(seller.name, { width: column })
    .text(`CUI: ${vatPayer ? 'RO' : ''}${seller.cui}`, { width: column })
    .text(`Nr. Reg. Com.: ${seller.registrationNumber}`, { width: column })
    .text(seller.street, { width: column })
    .text(placeText(seller.place, seller.postalCode), { width: column });
  if (seller.email || seller.phone) pdf.text([seller.email, seller.phone].filter(Boolean).join(' · '), { width: column });
  if (!vatPayer) pdf.text('Neplătitor de TVA', { width: column });
  const sellerBottom = pdf.y;
  pdf.font('Bold').text('Cumpărător', left + width / 2 + 10, partiesTop, { width: column });
  pdf.font('Regular').text(buyer.name, { width: column }).text(buyer.street, { width: column });
  if (buyer.additionalStreet) pdf.text(buyer.additionalStreet, { width: column });
  pdf.text(placeText(buyer.place, buyer.postalCode), { width: column }).text(buyer.email, { width: column });

  // The lines: name, quantity, unit price and amount without VAT, and, for a VAT payer, the rate and the VAT.
  const columns = vatPayer
    ? [
        { title: 'Nr.', width: 24, align: 'left' },
        { title: 'Denumire', width: 175, align: 'left' },
        { title: 'Cant.', width: 34, align: 'right' },
        { title: 'Preț unitar fără TVA', width: 76, align: 'right' },
        { title: 'Valoare fără TVA', width: 76, align: 'right' },
        { title: 'Cota TVA', width: 40, align: 'right' },
        { title: 'Valoare TVA', width: 90, align: 'right' },
      ]
    : [
        { title: 'Nr.', width: 24, align: 'left' },
        { title: 'Denumire', width: 285, align: 'left' },
        { title: 'Cant.', width: 40, align: 'right' },
        { title: 'Preț unitar', width: 83, align: 'right' },
        { title: 'Valoare', width: 83, align: 'right' },
      ];
  const row = (cells: string[], font: 'Regular' | 'Bold') => {
    if (pdf.y > pdf.page.height - 160) pdf.addPage();
    const top = pdf.y;
    let x = left;
    let bottom = top;
    pdf.font(font).fontSize(9);
    cells.forEach((cell, index) => {
      const { width: cellWidth, align } = columns[index]!;
      pdf.text(cell, x, top, { width: cellWidth - 4, align: align as 'left' | 'right' });
      bottom = Math.max(bottom, pdf.y);
      x += cellWidth;
    });
    pdf
      .moveTo(left, bottom + 2)
      .lineTo(left + width, bottom + 2)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    pdf.y = bottom + 5;
  };
  pdf.y = Math.max(sellerBottom, pdf.y) + 18;
  row(
    columns.map((entry) => entry.title),
    'Bold',
  );
  amounts.lines.forEach((line, index) => {
    const price = unitNetText(line.net, line.quantity).replace('.', ',');
    const cells = [String(index + 1), line.name, String(line.quantity), `${price} lei`, lei(line.net)];
    row(vatPayer ? [...cells, `${vatPercentText(line.vatRate)}%`, lei(line.vatAmount)] : cells, 'Regular');
  });

  const totals = totalRows(document);
  // The totals and the payment's text stay together: on a new page when a discount's rows would not fit under the lines.
  if (pdf.y + 8 + totals.length * 14 + 40 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  pdf.y += 8;
  for (const [label, value] of totals) {
    const top = pdf.y;
    const last = label === totals.at(-1)![0];
    pdf.font(last ? 'Bold' : 'Regular').fontSize(last ? 11 : 10);
    pdf.text(label, left + width - 330, top, { width: 220, align: 'right' });
    pdf.text(value, left + width - 110, top, { width: 110, align: 'right' });
  }
  pdf.moveDown();
  pdf.font('Regular').fontSize(9).text(paymentText(document), left, pdf.y, { width });
  if (!vatPayer) pdf.text('Furnizorul nu este înregistrat în scopuri de TVA.', { width });
  pdf.end();
  return done;
}
