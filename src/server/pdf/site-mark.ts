/** The site's colours, as the web's theme and the default mark (public/mark.svg) use them. */
export const BRAND = '#0b4f6c';
export const APRICOT = '#f2a341';

/** The site's default mark (public/mark.svg) drawn as vectors: a rod of Asclepius in a ring of apricot. */
export function drawMark(doc: PDFKit.PDFDocument, x: number, y: number, size: number) {
  doc
    .save()
    .translate(x, y)
    .scale(size / 104);
  doc.circle(52, 52, 46).fill(BRAND);
  doc.circle(52, 52, 39).lineWidth(3).stroke(APRICOT);
  doc.roundedRect(49.5, 22, 5, 62, 2.5).fill('#ffffff');
  doc.path('M63 30c-18 3-20 11-9 15.5s11 11 0 14.5-11 10 0 13.5').lineWidth(5).lineCap('round').stroke('#ffffff');
  doc.circle(64, 29.5, 4.5).fill('#ffffff');
  doc.restore();
}

/**
 * The association's logo (PNG or JPEG bytes from Settings) fitted in a square, or the site's mark
 * when there is none or pdfkit cannot read it (a document is never refused for its logo).
 */
export function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer | null, x: number, y: number, size: number) {
  if (logo) {
    try {
      doc.image(logo, x, y, { fit: [size, size], align: 'center', valign: 'center' });
      return;
    } catch {
      // Not an image pdfkit reads: the mark stands in.
    }
  }
  drawMark(doc, x, y, size);
}
