/**
 * Data the server writes into a page as `<script type="application/json">` (never executed, so
 * the CSP does not apply), for the browser to read before it asks the API for anything.
 */

/** Every page the browser renders itself (the bare page) carries the current string table here (decision 064). */
export const STRING_TABLE_ELEMENT_ID = 'string-table';

/**
 * JSON that is safe inside a <script> element: "<" (so "</script>" and "<!--" cannot end or bend
 * it), ">" and "&" become \u escapes, as do U+2028 and U+2029, which JSON allows but older
 * JavaScript parsers took as line ends. JSON.parse reads every escape back as the character.
 */
export function serializeEmbedded(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The element that carries `value` under `id`. */
export function embeddedJsonElement(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${serializeEmbedded(value)}</script>`;
}
