/** The couriers' stand-ins' labels: a small valid PDF (correct xref offsets), a page per label, its lines in Helvetica. */

/** Page sizes in points. */
export const PAGE_SIZES = { A4: [595, 842], A5: [420, 595], A6: [298, 420] } as const;

export function labelPdf(pages: readonly string[][], format: keyof typeof PAGE_SIZES): Buffer {
  const [width, height] = PAGE_SIZES[format];
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: number[] = [];
  for (const lines of pages) {
    const shown = lines.map((line) => `(${line.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '\\$&')}) '`);
    const text = `BT /F1 12 Tf 24 ${height - 40} Td 16 TL ${shown.join(' ')} ET`;
    kids.push(objects.length + 1);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents ${objects.length + 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    objects.push(`<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF`;
  return Buffer.from(pdf);
}
