import { randomUUID } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { pathOf } from '../../../shared/api/contract';
import { IMAGE_MAX_EDGE, IMAGE_MAX_PIXELS, imagesApi } from '../../../shared/api/images';
import { badRequest, unsupportedMediaType } from '../../http/errors';
import type { Kysely } from 'kysely';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { imagesRepo } from './images.repo';

type Kind = { format: 'png' | 'jpeg'; mime: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' };
const PNG: Kind = { format: 'png', mime: 'image/png', ext: 'png' };
const JPEG: Kind = { format: 'jpeg', mime: 'image/jpeg', ext: 'jpg' };

/** The type the first bytes prove, whatever the file's name or declared type says. */
export function sniffImage(bytes: Buffer): Kind | undefined {
  const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && pngSignature.every((b, i) => bytes[i] === b)) return PNG;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return JPEG;
  return undefined;
}

const UNREADABLE = 'The image could not be read: it may be damaged or incomplete';

export function imagesService(db: Kysely<Database>, clock: () => Date, audit: AuditTrail) {
  const repo = imagesRepo(db);
  return {
    /**
     * Stores an uploaded image after decoding it in full and encoding it afresh: rotated upright,
     * metadata (location, camera) stripped, at most IMAGE_MAX_EDGE pixels on its longest edge.
     */
    async store(upload: Buffer, actor: Actor): Promise<{ url: string }> {
      const kind = sniffImage(upload);
      if (!kind) throw unsupportedMediaType('Only PNG and JPEG images are accepted');

      // 'truncated' rejects cut-off files; the pixel limit stops decompression bombs before decoding.
      const input = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated' as const };
      let meta: Metadata;
      try {
        meta = await sharp(upload, { ...input, limitInputPixels: false }).metadata();
      } catch {
        throw badRequest(UNREADABLE);
      }
      if (meta.format !== kind.format) throw unsupportedMediaType('Only PNG and JPEG images are accepted');
      if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) {
        throw badRequest(`The image is larger than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`);
      }

      let output: { data: Buffer; info: OutputInfo };
      try {
        const pipeline = sharp(upload, input)
          .rotate()
          .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
        const encoded =
          kind.format === 'png' ? pipeline.png({ compressionLevel: 9, palette: false }) : pipeline.jpeg({ quality: 85, mozjpeg: true });
        output = await encoded.toBuffer({ resolveWithObject: true });
      } catch {
        throw badRequest(UNREADABLE);
      }

      const id = randomUUID();
      const { width, height } = output.info;
      const row = {
        id,
        mime: kind.mime,
        ext: kind.ext,
        data: output.data,
        width,
        height,
        bytes: output.data.length,
        created_at: clock().toISOString(),
        created_by: actor?.id ?? null,
      };
      await audit.change(
        actor,
        (trx) => imagesRepo(trx).insert(row),
        () => ({
          kind: 'image',
          action: 'uploaded',
          subject_id: id,
          summary: `Uploaded a ${width}×${height} ${kind.ext.toUpperCase()} image`,
        }),
      );
      return { url: pathOf(imagesApi.image, { id, ext: kind.ext }) };
    },

    find(id: string) {
      return repo.find(id);
    },
  };
}
export type ImagesService = ReturnType<typeof imagesService>;
