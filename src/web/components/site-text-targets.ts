import { normalizeText, type TextMatcher } from '../lib/text-matcher';

/**
 * Where the page shows site texts, read from the page itself: an element a SiteText drew names
 * its key (data-site-text); any other text is recognised by its words (see text-matcher), so a
 * text drawn with t() is reached however the component drew it, attributes included.
 */
export const SITE_TEXT_ATTRIBUTE = 'data-site-text';
/** Texts read out or shown in place of content: reachable in the edit mode, not by right-click. */
export const TEXT_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'] as const;
/** Markup the editing tools themselves draw: never a target. */
export const EDITING_UI_ATTRIBUTE = 'data-site-text-ui';

export type EditTarget = {
  keys: string[];
  /** What the rectangle is taken from: the element, or the text node's words. */
  source: Element | Text;
  /** The attribute that holds the text, when it is not drawn as words. */
  attribute?: (typeof TEXT_ATTRIBUTES)[number];
};

const SKIPPED = 'script, style, noscript, template, textarea, [contenteditable="true"]';

function markedKey(element: Element | null): string | null {
  return element?.closest(`[${SITE_TEXT_ATTRIBUTE}]`)?.getAttribute(SITE_TEXT_ATTRIBUTE) ?? null;
}

function isEditingUi(node: Node): boolean {
  const element = node instanceof Element ? node : node.parentElement;
  return Boolean(element?.closest(`[${EDITING_UI_ATTRIBUTE}]`));
}

function visible(element: Element): boolean {
  if ('checkVisibility' in element && !element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) return false;
  const rect = element.getBoundingClientRect();
  return rect.width >= 2 && rect.height >= 2;
}

/** The text node whose words are under the pointer (not merely the nearest one to it). */
function textNodeAt(x: number, y: number): Text | null {
  const doc = document as Document & { caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node } | null };
  const node = doc.caretPositionFromPoint?.(x, y)?.offsetNode ?? document.caretRangeFromPoint?.(x, y)?.startContainer ?? null;
  if (!(node instanceof Text)) return null;
  const range = document.createRange();
  range.selectNodeContents(node);
  const hit = Array.from(range.getClientRects()).some((r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
  return hit ? node : null;
}

/**
 * The keys of the text the admin right-clicked: its element's key, else the text under the
 * pointer, else the words of the element or an ancestor, else one of their attributes (an icon
 * button's aria-label). Empty when the pointer is on no site text (the browser's menu then shows).
 */
export function keysAtPoint(target: Element, x: number, y: number, matcher: TextMatcher): string[] {
  if (target.closest('input, select, textarea, [contenteditable="true"]') || isEditingUi(target)) return [];
  const marked = markedKey(target);
  if (marked) return [marked];
  const node = textNodeAt(x, y);
  if (node && target.contains(node)) {
    const keys = matcher.match(node.data);
    if (keys.length) return keys;
  }
  let element: Element | null = target;
  for (let depth = 0; element && element !== document.body && depth < 6; depth++, element = element.parentElement) {
    const keys = matcher.match(element.textContent ?? '');
    if (keys.length) return keys;
    for (const attribute of TEXT_ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      const fromAttribute = value ? matcher.match(value, { attribute: true }) : [];
      if (fromAttribute.length) return fromAttribute;
    }
  }
  return [];
}

/** Every site text shown in `root`, in document order, each once per element that shows it. */
export function findTargets(root: Element, matcher: TextMatcher): EditTarget[] {
  const targets: EditTarget[] = [];
  const seen = new Set<string>();
  const elementIds = new Map<Element, number>();
  const add = (target: EditTarget, element: Element) => {
    if (!visible(element)) return;
    if (!elementIds.has(element)) elementIds.set(element, elementIds.size);
    const id = `${target.keys.join(',')}@${elementIds.get(element)}`;
    if (seen.has(id)) return;
    seen.add(id);
    targets.push(target);
  };

  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node instanceof Element && (node.matches(SKIPPED) || node.hasAttribute(EDITING_UI_ATTRIBUTE))) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      const key = node.getAttribute(SITE_TEXT_ATTRIBUTE);
      if (key) add({ keys: [key], source: node }, node);
      for (const attribute of TEXT_ATTRIBUTES) {
        const value = node.getAttribute(attribute);
        // A button whose aria-label repeats its own words is one text, outlined once.
        if (!value || normalizeText(value) === normalizeText(node.textContent ?? '')) continue;
        const keys = matcher.match(value, { attribute: true });
        if (keys.length) add({ keys, source: node, attribute }, node);
      }
      continue;
    }
    const text = node as Text;
    const parent = text.parentElement;
    if (!parent || markedKey(parent) || !normalizeText(text.data)) continue;
    const keys = matcher.match(text.data);
    if (keys.length) add({ keys, source: text }, parent);
  }
  return targets;
}

/** Where a target is on screen now. */
export function targetRect(target: EditTarget): DOMRect {
  if (target.source instanceof Element) return target.source.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(target.source);
  return range.getBoundingClientRect();
}

/** The page title's own part ("News" of "AMA GB | News"), matched like any other text. */
export function pageTitleKeys(title: string, matcher: TextMatcher): string[] {
  const own = title.includes(' | ') ? title.slice(title.lastIndexOf(' | ') + 3) : title;
  return matcher.match(own);
}
