import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { MEDIA, isListType, type RawBlock, type RawDocument } from '../../../../shared/domain/richtext/document';
import { InlineText } from './inline-text';
import { MediaBlock } from './media-block';

type ListNode = { ordered: boolean; items: { block: RawBlock; children: ListNode[] }[] };

/** Flat list blocks with depths, as nested lists (a depth that skips a level is raised). */
function nestLists(blocks: RawBlock[]): ListNode[] {
  const roots: ListNode[] = [];
  let open: ListNode[] = [];
  for (const block of blocks) {
    const ordered = block.type === 'ordered-list-item';
    const depth = Math.min(block.depth, open.length);
    open = open.slice(0, depth + 1);
    if (open.length === depth + 1 && open[depth]!.ordered !== ordered) open = open.slice(0, depth);
    if (open.length === depth) {
      const list: ListNode = { ordered, items: [] };
      if (depth === 0) roots.push(list);
      else open[depth - 1]!.items.at(-1)!.children.push(list);
      open.push(list);
    }
    open[depth]!.items.push({ block, children: [] });
  }
  return roots;
}

function List({ list, document }: { list: ListNode; document: RawDocument }) {
  return (
    <Box component={list.ordered ? 'ol' : 'ul'} sx={{ my: 1, pl: 4 }}>
      {list.items.map(({ block, children }) => (
        <li key={block.key}>
          <InlineText block={block} document={document} />
          {children.map((child, i) => (
            <List key={i} list={child} document={document} />
          ))}
        </li>
      ))}
    </Box>
  );
}

function Block({ block, document }: { block: RawBlock; document: RawDocument }) {
  const text = <InlineText block={block} document={document} />;
  switch (block.type) {
    case 'header-two':
      return (
        <Box component="h2" sx={{ typography: 'h4', color: 'primary.dark', mt: 4, mb: 1.5 }}>
          {text}
        </Box>
      );
    case 'blockquote':
      return (
        <Box
          component="blockquote"
          sx={{ fontStyle: 'italic', borderLeft: '4px solid', borderColor: 'divider', m: '16px 0', pl: 2, color: 'text.secondary' }}
        >
          {text}
        </Box>
      );
    case 'atomic': {
      const range = block.entityRanges[0];
      const entity = range ? document.entityMap[String(range.key)] : undefined;
      return entity?.type === MEDIA ? <MediaBlock data={entity.data} /> : null;
    }
    default:
      return (
        <Box component="p" sx={{ my: 1.5, minHeight: '1.5em' }}>
          {text}
        </Box>
      );
  }
}

/**
 * An article's content rendered from the stored document as React elements: nothing in it is
 * ever treated as HTML (DESIGN rule 8). Runs of list items nest; runs of code lines share a box.
 */
export function RichTextView({ document }: { document: RawDocument }) {
  const out: ReactNode[] = [];
  const blocks = document.blocks;
  for (let i = 0; i < blocks.length;) {
    const block = blocks[i]!;
    let end = i + 1;
    if (isListType(block.type)) {
      while (end < blocks.length && isListType(blocks[end]!.type)) end++;
      nestLists(blocks.slice(i, end)).forEach((list, j) => out.push(<List key={`${block.key}-${j}`} list={list} document={document} />));
    } else if (block.type === 'code-block') {
      while (end < blocks.length && blocks[end]!.type === 'code-block') end++;
      out.push(
        <Box
          key={block.key}
          component="pre"
          sx={{ bgcolor: 'grey.100', p: 2, borderRadius: 1, overflowX: 'auto', fontSize: '0.9rem', whiteSpace: 'pre-wrap' }}
        >
          <code>
            {blocks
              .slice(i, end)
              .map((b) => b.text)
              .join('\n')}
          </code>
        </Box>,
      );
    } else {
      out.push(<Block key={block.key} block={block} document={document} />);
    }
    i = end;
  }
  return (
    <Box sx={{ fontSize: '1.05rem', lineHeight: 1.7, overflowWrap: 'anywhere', '& mark': { bgcolor: '#fff3a3', color: 'inherit' } }}>
      {out}
    </Box>
  );
}
