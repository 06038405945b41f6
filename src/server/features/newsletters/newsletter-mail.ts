import {
  INLINE_STYLES,
  MEDIA,
  codePoints,
  isListType,
  mediaUrl,
  type RawBlock,
  type RawDocument,
} from '../../../shared/domain/richtext/document';
import { isSafeMediaUrl } from '../../../shared/domain/richtext/safe-url';
import { nestLists, segments, type ListNode } from '../../../shared/domain/richtext/structure';
import { LANGUAGE_TAGS } from '../../../shared/domain/language';
import { fillText, SHIPPED_ENGLISH, type Words } from '../../../shared/domain/site-text-languages';

/**
 * A newsletter as mail clients render it (decision 124): the article's own document drawn as
 * HTML of tables and inline styles (no style sheet, no script, nothing loaded but the images,
 * which are absolute addresses), 600 pixels wide at most, and the same as plain text. No
 * tracking: no pixel, no rewritten link. The frame (the links around it, why it came, the footer)
 * is in the reader's language; the article stays as written (decision 191).
 */

export type NewsletterMailContext = {
  siteName: string;
  publicUrl: string;
  charityNumber: string;
  postalAddress: string;
  listName: string;
};

export type NewsletterLinks = {
  /** The archive's copy ("view in your browser"). */
  webVersion: string;
  /** The preference page (choose lists, or unsubscribe from all). */
  preferences: string;
};

const FONT = "Arial, 'Noto Sans Armenian', Sylfaen, 'Helvetica Neue', Helvetica, sans-serif";
const INK = '#1d2939';
const MUTED = '#475467';
const ACCENT = '#0b4f6c';
const WIDTH = 600;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A site path made absolute: mail has no page to be relative to. */
function absolute(url: string, publicUrl: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

const OPEN: Record<(typeof INLINE_STYLES)[number], [string, string]> = {
  BOLD: ['<strong>', '</strong>'],
  ITALIC: ['<em>', '</em>'],
  UNDERLINE: ['<u>', '</u>'],
  STRIKETHROUGH: ['<s>', '</s>'],
  CODE: [`<code style="font-family: Consolas, Menlo, monospace; background: #f2f4f7; padding: 0 3px">`, '</code>'],
  HIGHLIGHT: ['<mark style="background: #fff3a3; color: inherit">', '</mark>'],
};

function inlineHtml(block: RawBlock, document: RawDocument, publicUrl: string): string {
  return segments(block, document)
    .map((segment) => {
      let html = escape(segment.text).replace(/\n/g, '<br>');
      INLINE_STYLES.forEach((style, bit) => {
        if (segment.styles & (1 << bit)) html = `${OPEN[style][0]}${html}${OPEN[style][1]}`;
      });
      return segment.link
        ? `<a href="${escape(absolute(segment.link, publicUrl))}" style="color: ${ACCENT}; text-decoration: underline">${html}</a>`
        : html;
    })
    .join('');
}

function inlineText(block: RawBlock, document: RawDocument, publicUrl: string): string {
  return segments(block, document)
    .map((segment) =>
      segment.link && segment.link !== segment.text ? `${segment.text} (${absolute(segment.link, publicUrl)})` : segment.text,
    )
    .join('');
}

function mediaOf(block: RawBlock, document: RawDocument) {
  const range = block.entityRanges[0];
  const entity = range ? document.entityMap[String(range.key)] : undefined;
  return entity?.type === MEDIA && isSafeMediaUrl(mediaUrl(entity.data)) ? entity.data : null;
}

function mediaHtml(block: RawBlock, document: RawDocument, publicUrl: string, { text }: Words): string {
  const data = mediaOf(block, document);
  if (!data) return '';
  const url = absolute(mediaUrl(data), publicUrl);
  const align = data.alignment ?? 'left';
  if (data.type === 'video') {
    return `<p style="margin: 12px 0; text-align: ${align}"><a href="${escape(url)}" style="color: ${ACCENT}">${escape(text('mail.newsletter.video'))}</a></p>`;
  }
  // Width-limited: never wider than the message; the height follows the picture's own proportions.
  const width = Math.min(data.width ?? WIDTH - 48, WIDTH - 48);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin: 8px 0"><tbody><tr><td align="${align}"><img src="${escape(url)}" alt="${escape(data.alt ?? '')}" width="${width}" style="display: block; width: 100%; max-width: ${width}px; height: auto; border: 0"></td></tr></tbody></table>`;
}

function listHtml(list: ListNode, document: RawDocument, publicUrl: string): string {
  const tag = list.ordered ? 'ol' : 'ul';
  const items = list.items
    .map(
      (item) =>
        `<li style="margin: 4px 0">${inlineHtml(item.block, document, publicUrl)}${item.children.map((c) => listHtml(c, document, publicUrl)).join('')}</li>`,
    )
    .join('');
  return `<${tag} style="margin: 8px 0; padding-left: 24px">${items}</${tag}>`;
}

function listText(list: ListNode, document: RawDocument, publicUrl: string, depth = 0): string[] {
  return list.items.flatMap((item, i) => [
    `${'   '.repeat(depth)}${list.ordered ? `${i + 1}.` : '-'} ${inlineText(item.block, document, publicUrl)}`,
    ...item.children.flatMap((child) => listText(child, document, publicUrl, depth + 1)),
  ]);
}

/** Runs of list items and of code lines belong together; every other block stands alone. */
function groups(document: RawDocument): RawBlock[][] {
  const out: RawBlock[][] = [];
  for (const block of document.blocks) {
    const last = out.at(-1);
    const sameRun =
      last && ((isListType(block.type) && isListType(last[0]!.type)) || (block.type === 'code-block' && last[0]!.type === 'code-block'));
    if (sameRun) last.push(block);
    else out.push([block]);
  }
  return out;
}

function bodyHtml(document: RawDocument, publicUrl: string, words: Words): string {
  const p = `margin: 0 0 14px; font-size: 16px; line-height: 1.6; color: ${INK}`;
  return groups(document)
    .map((run) => {
      const block = run[0]!;
      if (isListType(block.type))
        return nestLists(run)
          .map((list) => listHtml(list, document, publicUrl))
          .join('');
      if (block.type === 'code-block')
        return `<pre style="margin: 0 0 14px; padding: 12px; background: #f2f4f7; font-family: Consolas, Menlo, monospace; font-size: 14px; white-space: pre-wrap">${escape(run.map((b) => b.text).join('\n'))}</pre>`;
      if (block.type === 'atomic') return mediaHtml(block, document, publicUrl, words);
      const text = inlineHtml(block, document, publicUrl);
      if (block.type === 'header-two')
        return `<h2 style="margin: 24px 0 10px; font-size: 22px; line-height: 1.3; color: ${ACCENT}">${text}</h2>`;
      if (block.type === 'blockquote')
        return `<blockquote style="margin: 0 0 14px; padding: 4px 0 4px 14px; border-left: 4px solid #d0d5dd; font-style: italic; color: ${MUTED}">${text}</blockquote>`;
      return text ? `<p style="${p}">${text}</p>` : '';
    })
    .join('\n');
}

function bodyText(document: RawDocument, publicUrl: string, { text: t }: Words): string {
  return groups(document)
    .map((run) => {
      const block = run[0]!;
      if (isListType(block.type))
        return nestLists(run)
          .flatMap((list) => listText(list, document, publicUrl))
          .join('\n');
      if (block.type === 'code-block') return run.map((b) => `    ${b.text}`).join('\n');
      if (block.type === 'atomic') {
        const data = mediaOf(block, document);
        if (!data) return '';
        const url = absolute(mediaUrl(data), publicUrl);
        return data.type === 'video'
          ? fillText(t('mail.newsletter.video_text'), { url })
          : `[${t('mail.newsletter.image')}${data.alt ? `: ${data.alt}` : ''}]`;
      }
      const text = inlineText(block, document, publicUrl);
      if (block.type === 'header-two') return `${text}\n${'-'.repeat(Math.min(codePoints(text).length, 60))}`;
      if (block.type === 'blockquote') return `> ${text}`;
      return text;
    })
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}

function footerLines(ctx: NewsletterMailContext, { text }: Words): string[] {
  return [
    ctx.siteName,
    ...ctx.postalAddress
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    ...(ctx.charityNumber ? [`${text('mail.receipt.charity_number')} ${ctx.charityNumber}`] : []),
  ];
}

/** The newsletter as HTML and plain text for one recipient (only the links differ between them). */
export function renderNewsletter(
  subject: string,
  document: RawDocument,
  ctx: NewsletterMailContext,
  links: NewsletterLinks,
  words: Words = SHIPPED_ENGLISH,
): { html: string; text: string } {
  const { text: t } = words;
  const why = fillText(t('mail.newsletter.why'), { list: ctx.listName, site: ctx.siteName });
  const choose = t('mail.newsletter.choose');
  const html = `<!DOCTYPE html>
<html lang="${LANGUAGE_TAGS[words.language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(subject)}</title>
</head>
<body style="margin: 0; padding: 0; background: #f2f4f7; font-family: ${FONT}; color: ${INK}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background: #f2f4f7">
<tbody><tr><td align="center" style="padding: 16px 8px">
<table role="presentation" width="${WIDTH}" cellpadding="0" cellspacing="0" border="0" style="width: 100%; max-width: ${WIDTH}px; background: #ffffff; border-radius: 6px">
<tbody><tr><td style="padding: 12px 24px 0; font-size: 12px; color: ${MUTED}; text-align: right"><a href="${escape(links.webVersion)}" style="color: ${MUTED}">${escape(t('mail.newsletter.web_version'))}</a></td></tr>
<tr><td style="padding: 8px 24px 0; font-size: 14px; font-weight: bold; color: ${ACCENT}">${escape(ctx.siteName)}</td></tr>
<tr><td style="padding: 8px 24px 0"><h1 style="margin: 0 0 16px; font-size: 26px; line-height: 1.25; color: ${INK}">${escape(subject)}</h1></td></tr>
<tr><td style="padding: 0 24px 16px">
${bodyHtml(document, ctx.publicUrl, words)}
</td></tr>
<tr><td style="padding: 16px 24px 24px; border-top: 1px solid #eaecf0; font-size: 12px; line-height: 1.5; color: ${MUTED}">
<p style="margin: 0 0 8px">${escape(why)} <a href="${escape(links.preferences)}" style="color: ${ACCENT}">${escape(choose)}</a>.</p>
<p style="margin: 0">${footerLines(ctx, words).map(escape).join('<br>')}</p>
</td></tr>
</tbody></table>
</td></tr></tbody>
</table>
</body>
</html>`;
  const text = [
    subject,
    '='.repeat(Math.min(codePoints(subject).length, 60)),
    '',
    bodyText(document, ctx.publicUrl, words),
    '',
    '--',
    `${t('mail.newsletter.web_version')}: ${links.webVersion}`,
    why,
    `${choose}: ${links.preferences}`,
    '',
    ...footerLines(ctx, words),
  ].join('\n');
  return { html, text };
}
