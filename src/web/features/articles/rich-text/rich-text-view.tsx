import type { ReactNode } from 'react';
import { MEDIA, isListType, type RawBlock, type RawDocument } from '../../../../shared/domain/richtext/document';
import { nestLists, type ListNode } from '../../../../shared/domain/richtext/structure';
import { InlineText } from './inline-text';
import { MediaBlock } from './media-block';
import styles from './rich-text.module.css';

function List({ list, document }: { list: ListNode; document: RawDocument }) {
  return (
    <ListTag list={list}>
      {list.items.map(({ block, children }) => (
        <li key={block.key}>
          <InlineText block={block} document={document} />
          {children.map((child, i) => (
            <List key={i} list={child} document={document} />
          ))}
        </li>
      ))}
    </ListTag>
  );
}

function ListTag({ list, children }: { list: ListNode; children: ReactNode }) {
  return list.ordered ? <ol>{children}</ol> : <ul>{children}</ul>;
}

function Block({ block, document }: { block: RawBlock; document: RawDocument }) {
  const text = <InlineText block={block} document={document} />;
  switch (block.type) {
    case 'header-two':
      return <h2>{text}</h2>;
    case 'blockquote':
      return <blockquote>{text}</blockquote>;
    case 'atomic': {
      const range = block.entityRanges[0];
      const entity = range ? document.entityMap[String(range.key)] : undefined;
      return entity?.type === MEDIA ? <MediaBlock data={entity.data} /> : null;
    }
    default:
      return <p>{text}</p>;
  }
}

/**
 * An article's content rendered from the stored document as React elements: nothing in it is
 * ever treated as HTML (house rule 8, docs/architecture.md). Runs of list items nest; runs of code lines share a box.
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
        <pre key={block.key}>
          <code>
            {blocks
              .slice(i, end)
              .map((b) => b.text)
              .join('\n')}
          </code>
        </pre>,
      );
    } else {
      out.push(<Block key={block.key} block={block} document={document} />);
    }
    i = end;
  }
  return <div className={styles.content}>{out}</div>;
}
