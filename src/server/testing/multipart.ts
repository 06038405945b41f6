import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file, as a browser's form would send it. */
export function multipartFile(data: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body of several parts: files (with a name and type) and text fields. */
export function multipartForm(parts: Record<string, { data: Buffer; filename: string; contentType: string } | string | undefined>) {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const [name, part] of Object.entries(parts)) {
    if (part === undefined) continue;
    if (typeof part === 'string') {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${part}\r\n`));
      continue;
    }
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
