import type { RawDocument } from '../../../shared/domain/richtext/document';

/** Words a minute an adult reads on screen, as reading-time estimates usually take it. */
const WORDS_PER_MINUTE = 220;

/** Minutes to read a document's text, at least one. */
export function readingMinutes(document: RawDocument): number {
  const words = document.blocks.reduce((sum, block) => sum + (block.text.match(/\S+/g)?.length ?? 0), 0);
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
