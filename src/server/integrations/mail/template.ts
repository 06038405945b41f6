import { LANGUAGE_TAGS, type Language } from '../../../shared/domain/language';
/** What every e-mail needs to know of the site. */
export type MailContext = {
  siteName: string;
  publicUrl: string;
  charityNumber: string;
  /** The association's own address (Settings), e.g. the organiser in calendar files. */
  contactEmail?: string;
};

/** Plain text plus simple, escaped HTML for the site's e-mails. */
export type MailContent = {
  siteName: string;
  greeting: string;
  paragraphs: string[];
  /** Lines shown as a receipt table: label and value. */
  receipt?: [string, string][];
  action?: { label: string; url: string };
  closing?: string;
  /** The HTML part's <title> (RFC-wise optional, but mail clients and checkers expect one); the site's name by default. */
  title?: string;
  /** The language the mail is written in (decision 150); English by default. */
  language?: Language;
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderMail(content: MailContent): { text: string; html: string } {
  const closing = content.closing ?? `With best wishes,\n${content.siteName}`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.receipt ? [...content.receipt.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    closing,
  ].join('\n');

  const html = `<!doctype html><html lang="${LANGUAGE_TAGS[content.language ?? 'en']}"><head><meta charset="utf-8"><title>${escape(content.title ?? content.siteName)}</title></head><body style="font-family: Arial, sans-serif; color: #1d2939; line-height: 1.5">
<p>${escape(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${
  content.receipt
    ? `<table style="border-collapse: collapse; margin: 16px 0">${content.receipt
        .map(
          ([label, value]) =>
            `<tr><td style="padding: 4px 16px 4px 0; color: #475467">${escape(label)}</td><td style="padding: 4px 0"><strong>${escape(value)}</strong></td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${content.action ? `<p><a href="${escape(content.action.url)}" style="color: #0b4f6c">${escape(content.action.label)}</a></p>` : ''}
<p>${closing.split('\n').map(escape).join('<br>')}</p>
</body></html>`;
  return { text, html };
}
