import type { SiteTextKey } from '../../shared/domain/site-text';
import { textMatcher } from '../lib/text-matcher';
import { keysAtPoint } from './site-text-targets';

/** The texts drawn with t() on the page, each with its current value. */
export type DrawnTexts = () => (readonly [SiteTextKey, string])[];

/**
 * The admin's right-click on any site text opens its prompt (docs/product.md: "Right-clicking any site text
 * as admin opens a prompt with its key"). Loaded only for an admin. Returns the way to stop.
 */
export function openPromptOnRightClick(drawnTexts: DrawnTexts, open: (keys: SiteTextKey[]) => void): () => void {
  const onContextMenu = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    const keys = keysAtPoint(event.target, event.clientX, event.clientY, textMatcher(drawnTexts())) as SiteTextKey[];
    if (keys.length === 0) return;
    event.preventDefault();
    open(keys);
  };
  document.addEventListener('contextmenu', onContextMenu);
  return () => document.removeEventListener('contextmenu', onContextMenu);
}
