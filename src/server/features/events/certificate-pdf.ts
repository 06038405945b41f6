import { cpdHours } from '../../../shared/domain/certificate-number';
import { longDate, pdfDocument } from '../../pdf/pdf-document';
import { APRICOT, BRAND, drawLogo } from '../../pdf/site-mark';

export type Certificate = {
  siteName: string;
  /** The logo from Settings (PNG or JPEG bytes), or null for the site's own mark. */
  logo: Buffer | null;
  attendeeName: string;
  eventTitle: string;
  /** The event's start and end instants. */
  eventStart: string;
  eventEnd: string | null;
  cpdMinutes: number | null;
  certificateNumber: string;
  /** The instant attendance was marked. */
  issuedAt: string;
  /** Where the association can be reached to confirm a certificate: its address or e-mail. */
  contact: string;
};

const LOGO_SIZE = 76;

function eventDates(start: string, end: string | null): string {
  const from = longDate(start);
  const to = end ? longDate(end) : from;
  return from === to ? `on ${from}` : `from ${from} to ${to}`;
}

/** A CPD certificate of attendance on one landscape A4 page, in the same fonts as receipts (Armenian names render). */
export function certificatePdf(certificate: Certificate): Promise<Buffer> {
  const { doc, line, done } = pdfDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 56, bottom: 40, left: 80, right: 80 },
    info: { Title: `CPD certificate ${certificate.certificateNumber}`, Author: certificate.siteName },
  });
  const { width, height } = doc.page;
  doc
    .rect(20, 20, width - 40, height - 40)
    .lineWidth(3)
    .stroke(BRAND);
  doc
    .rect(28, 28, width - 56, height - 56)
    .lineWidth(1)
    .stroke(APRICOT);

  const logoX = (width - LOGO_SIZE) / 2;
  const logoY = 44;
  drawLogo(doc, certificate.logo, logoX, logoY, LOGO_SIZE);
  doc.y = logoY + LOGO_SIZE + 12;

  line(certificate.siteName, { size: 15, bold: true, center: true, gap: 0.6 });
  line('Certificate of Attendance', { size: 28, bold: true, center: true, color: BRAND, gap: 0.5 });
  line('This is to certify that', { size: 12, center: true, gap: 0.3 });
  line(certificate.attendeeName, { size: 24, bold: true, center: true, gap: 0.3 });
  line('attended', { size: 12, center: true, gap: 0.3 });
  line(certificate.eventTitle, { size: 18, bold: true, center: true, gap: 0.3 });
  line(eventDates(certificate.eventStart, certificate.eventEnd), { size: 12, center: true, gap: 0.8 });
  if (certificate.cpdMinutes)
    line(`Continuing professional development: ${cpdHours(certificate.cpdMinutes)}`, { size: 14, bold: true, center: true, gap: 0.8 });

  doc.y = Math.max(doc.y + 12, height - 118);
  line(`Certificate number ${certificate.certificateNumber}`, { size: 11, bold: true, center: true, gap: 0.2 });
  line(`Issued on ${longDate(certificate.issuedAt)}`, { size: 10, center: true, gap: 0.2 });
  const contact = certificate.contact ? ` (${certificate.contact})` : '';
  line(`${certificate.siteName} can confirm this certificate by its number${contact}.`, { size: 9, center: true, color: '#444444' });
  doc.end();
  return done;
}
