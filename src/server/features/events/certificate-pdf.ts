import type { Language } from '../../../shared/domain/language';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { fillText } from '../../../shared/domain/site-text-languages';
import { longDate, pdfDocument, type DocumentWords } from '../../pdf/pdf-document';
import { APRICOT, BRAND, drawLogo } from '../../pdf/site-mark';

/** The site texts a certificate is written with (`pdf.certificate.*`). */
export type CertificateWordKey = Extract<SiteTextKey, `pdf.certificate.${string}`>;

export type Certificate = {
  /** The language it is written in: its attendee's (decision 196); its dates as its readers expect. */
  language: Language;
  /** Its words in that language, as the admin worded them. */
  words: DocumentWords<CertificateWordKey>;
  siteName: string;
  /** The logo from Settings (PNG or JPEG bytes), or null for the site's own mark. */
  logo: Buffer | null;
  attendeeName: string;
  /** In the certificate's language where the event is translated (decision 180). */
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

/** CPD minutes as the certificate says them: "1.5 hours", "1 hour", "45 minutes" (in its language). */
export function cpdDuration(minutes: number, words: DocumentWords<CertificateWordKey>, language: Language): string {
  if (minutes < 60)
    return minutes === 1 ? words['pdf.certificate.minute'] : fillText(words['pdf.certificate.minutes'], { count: String(minutes) });
  const hours = Math.round((minutes / 60) * 100) / 100;
  // Armenian writes a decimal comma ("1,5 ժամ"), as its money does (decision 150).
  const count = language === 'hy' ? String(hours).replace('.', ',') : String(hours);
  return hours === 1 ? words['pdf.certificate.hour'] : fillText(words['pdf.certificate.hours'], { count });
}

/** A CPD certificate of attendance on one landscape A4 page, in the same fonts as receipts (Armenian names render). */
export function certificatePdf(certificate: Certificate): Promise<Buffer> {
  const { language, words } = certificate;
  const say = (key: CertificateWordKey, values: Record<string, string> = {}) => fillText(words[key], values);
  const date = (value: string) => longDate(value, language);
  const { doc, line, done } = pdfDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 56, bottom: 40, left: 80, right: 80 },
    lang: language === 'hy' ? 'hy' : 'en-GB',
    info: { Title: say('pdf.certificate.document_title', { number: certificate.certificateNumber }), Author: certificate.siteName },
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

  const from = date(certificate.eventStart);
  const to = certificate.eventEnd ? date(certificate.eventEnd) : from;
  const held = from === to ? say('pdf.certificate.on', { date: from }) : say('pdf.certificate.from_to', { start: from, end: to });

  line(certificate.siteName, { size: 15, bold: true, center: true, gap: 0.6 });
  line(say('pdf.certificate.title'), { size: 28, bold: true, center: true, color: BRAND, gap: 0.5 });
  line(say('pdf.certificate.certify'), { size: 12, center: true, gap: 0.3 });
  line(certificate.attendeeName, { size: 24, bold: true, center: true, gap: 0.3 });
  line(say('pdf.certificate.attended'), { size: 12, center: true, gap: 0.3 });
  line(certificate.eventTitle, { size: 18, bold: true, center: true, gap: 0.3 });
  line(held, { size: 12, center: true, gap: 0.8 });
  if (certificate.cpdMinutes)
    line(say('pdf.certificate.cpd', { duration: cpdDuration(certificate.cpdMinutes, words, language) }), {
      size: 14,
      bold: true,
      center: true,
      gap: 0.8,
    });

  doc.y = Math.max(doc.y + 12, height - 118);
  line(say('pdf.certificate.number', { number: certificate.certificateNumber }), { size: 11, bold: true, center: true, gap: 0.2 });
  line(say('pdf.certificate.issued', { date: date(certificate.issuedAt) }), { size: 10, center: true, gap: 0.2 });
  const confirm = certificate.contact
    ? say('pdf.certificate.confirm_contact', { site: certificate.siteName, contact: certificate.contact })
    : say('pdf.certificate.confirm', { site: certificate.siteName });
  line(confirm, { size: 9, center: true, color: '#444444' });
  doc.end();
  return done;
}
