import { LANGUAGE_TAGS, type Language } from '../../../shared/domain/language';
import { siteTextDefaults, type SiteTextKey } from '../../../shared/domain/site-text';
import { siteTextHy } from '../../../shared/domain/site-text-hy';
import { defaultsIn, fillText, type Words } from '../../../shared/domain/site-text-languages';

/** What every e-mail needs to know of the site. */
export type MailContext = {
  siteName: string;
  publicUrl: string;
  charityNumber: string;
  /** The association's own address (Settings), e.g. the organiser in calendar files. */
  contactEmail?: string;
  /**
   * The site's texts in each language, the admin's saved words over the shipped ones (decision
   * 191): a mail is written in its recipient's language from them. Left out, the shipped texts.
   */
  texts?: Partial<Record<Language, (key: SiteTextKey) => string>>;
};

const shippedHy = defaultsIn('hy', siteTextHy);
const shipped: Record<Language, (key: SiteTextKey) => string> = { en: (key) => siteTextDefaults[key], hy: (key) => shippedHy[key] };

/** The words of a mail to someone who reads `language` (decision 191): the site's texts in it. */
export function wordsFor(ctx: MailContext, language: Language): Words {
  return { language, text: ctx.texts?.[language] ?? shipped[language] };
}

/** The site's texts in a language, the admin's over the shipped (site-text.service's `textsIn`). */
export type TextsIn = (language: Language) => Promise<(key: SiteTextKey) => string>;

/**
 * A mail context and words for a service that has the site's name and texts to hand rather than
 * the shared mail context (accounts, sessions, invitations): the shipped texts without `textsIn`.
 */
export async function mailIn(
  language: Language,
  site: { siteName: string; publicUrl: string; textsIn?: TextsIn | undefined },
): Promise<{ ctx: MailContext; words: Words }> {
  const ctx: MailContext = {
    siteName: site.siteName,
    publicUrl: site.publicUrl,
    charityNumber: '',
    ...(site.textsIn ? { texts: { [language]: await site.textsIn(language) } } : {}),
  };
  return { ctx, words: wordsFor(ctx, language) };
}

/** A mail's own part (its greeting's name, paragraphs, receipt and button), framed in the words of its language. */
export type MailBody = Omit<MailContent, 'siteName' | 'greeting' | 'closing' | 'language'> & {
  /** Who it greets: "Dear {name}," or, without a name, the given fallback key ("Dear friend," by default). */
  name: string | null;
  anonymous?: 'mail.dear_friend' | 'mail.hello';
};

/** Renders a mail in a language: the greeting, the closing and `<html lang>` come from its words (decision 191). */
export function renderMailIn({ text, language }: Words, ctx: MailContext, body: MailBody): { text: string; html: string } {
  const { name, anonymous = 'mail.dear_friend', ...content } = body;
  return renderMail({
    ...content,
    siteName: ctx.siteName,
    language,
    greeting: name ? fillText(text('mail.dear'), { name }) : text(anonymous),
    closing: `${text('mail.closing')}\n${ctx.siteName}`,
  });
}

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

/** Text made safe inside HTML (an admin's words can hold anything). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
const escape = escapeHtml;

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
