import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type PageEncoding = 'br' | 'gzip';

/** The best encoding the request accepts (Brotli before gzip, by its q-values), or null for none. */
export function acceptedEncoding(header: string | undefined): PageEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: PageEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gz] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

/**
 * A page's bytes in each encoding, compressed on first demand and then kept: a kept page is
 * compressed once, not once per request. zlib's thread pool does the work, off the server's thread.
 */
export function encodedOnce(html: string): (encoding: PageEncoding) => Promise<Buffer> {
  const raw = Buffer.from(html);
  const encoded = new Map<PageEncoding, Promise<Buffer>>();
  return (encoding) => {
    let bytes = encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : gzip(raw, { level: 6 });
      encoded.set(encoding, bytes);
    }
    return bytes;
  };
}
