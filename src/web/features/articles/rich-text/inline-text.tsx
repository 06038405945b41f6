import type { ReactNode } from 'react';
import { INLINE_STYLES, type RawBlock, type RawDocument } from '../../../../shared/domain/richtext/document';
import { isExternalUrl } from '../../../../shared/domain/richtext/safe-url';
import { segments, type Segment } from '../../../../shared/domain/richtext/structure';

const WRAPPERS: Record<(typeof INLINE_STYLES)[number], (children: ReactNode, key: string) => ReactNode> = {
  BOLD: (c, k) => <strong key={k}>{c}</strong>,
  ITALIC: (c, k) => <em key={k}>{c}</em>,
  UNDERLINE: (c, k) => <u key={k}>{c}</u>,
  STRIKETHROUGH: (c, k) => <s key={k}>{c}</s>,
  CODE: (c, k) => <code key={k}>{c}</code>,
  HIGHLIGHT: (c, k) => <mark key={k}>{c}</mark>,
};

/** Soft line breaks inside a block ("\n") become <br>. */
function withBreaks(text: string, key: string): ReactNode[] {
  return text.split('\n').flatMap((line, i) => (i === 0 ? [line] : [<br key={`${key}-br${i}`} />, line]));
}

function styled(segment: Segment, key: string): ReactNode {
  let node: ReactNode = withBreaks(segment.text, key);
  INLINE_STYLES.forEach((style, bit) => {
    if (segment.styles & (1 << bit)) node = WRAPPERS[style](node, `${key}-${style}`);
  });
  return node;
}

export function RichLink({ url, children }: { url: string; children: ReactNode }) {
  const external = isExternalUrl(url);
  return (
    <a href={url} {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
      {children}
    </a>
  );
}

/** A block's text as React elements: styles nest inside one link per run of the same address. */
export function InlineText({ block, document }: { block: RawBlock; document: RawDocument }) {
  const parts = segments(block, document);
  const out: ReactNode[] = [];
  for (let i = 0; i < parts.length;) {
    const link = parts[i]!.link;
    let end = i + 1;
    while (end < parts.length && parts[end]!.link === link) end++;
    const children = parts.slice(i, end).map((segment, j) => styled(segment, `s${i + j}`));
    out.push(
      link ? (
        <RichLink key={`l${i}`} url={link}>
          {children}
        </RichLink>
      ) : (
        children
      ),
    );
    i = end;
  }
  return <>{out}</>;
}
