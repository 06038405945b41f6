import type { EmotionCache } from '@emotion/cache';
import type { EmotionCriticalToChunks } from '@emotion/server/create-instance';

/**
 * Every style Emotion made while rendering a page, for its <head>: not only the ones whose class
 * is in the markup (Emotion's "critical" extraction). MUI's components are styled in layers
 * (IconButton's root wraps ButtonBase): each layer's styles are made and kept under a name of
 * their own, though only the combined class reaches the markup. Left out, the browser made them
 * all again while taking the page over, some 50 rules on the home page, in one long task.
 * Each global style keeps an element of its own, as Emotion's extraction gives it.
 */
export function everyStyle(cache: EmotionCache): EmotionCriticalToChunks['styles'] {
  const regular = { key: cache.key, ids: [] as string[], css: '' };
  const globals: EmotionCriticalToChunks['styles'] = [];
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] !== undefined) {
      regular.ids.push(id);
      regular.css += css;
    } else globals.push({ key: `${cache.key}-global`, ids: [id], css });
  }
  // A public page draws nothing with MUI (decision 081): no style element at all.
  return [...globals, ...(regular.ids.length ? [regular] : [])];
}
