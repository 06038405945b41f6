import { randomUUID } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { pathOf } from '../../../shared/api/contract';
import {
  IMAGE_MAX_EDGE,
  IMAGE_MAX_PIXELS,
  imagesApi,
  type AdminImage,
  type ImageUse,
  type ImageVariantFormat,
} from '../../../shared/api/images';
import { settingKeys } from '../../../shared/api/settings';
import { badRequest, conflict, notFound, unsupportedMediaType } from '../../http/errors';
import type { Kysely } from 'kysely';
import { quoted, type Actor, type AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { IMAGE_REFERENCE, imagesRepo, type ImageReferences } from './images.repo';
import { keptWidth, makeVariant, makeVariants, type Variant } from './image-variants';
import { renderShareImage, shareImageVersion, uploadedImageId } from './share-image';

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

/** Each image id and the records that use it. */
function usesByImage(refs: ImageReferences): Map<string, ImageUse[]> {
  const uses = new Map<string, ImageUse[]>();
  const add = (text: string, use: ImageUse) => {
    // One entry per record, however often it shows the image.
    for (const id of new Set(Array.from(text.matchAll(IMAGE_REFERENCE), (m) => m[1]!))) uses.set(id, [...(uses.get(id) ?? []), use]);
  };
  for (const member of refs.committee)
    add(member.image, { kind: 'committee', id: member.id, label: `Committee member ${quoted(member.name)}` });
  for (const article of refs.articles) {
    const page = article.is_page === 1;
    add(`${article.content} ${article.image}`, {
      kind: page ? 'page' : 'article',
      id: article.id,
      label: `${page ? 'Page' : 'Article'} ${quoted(article.title)}`,
    });
  }
  for (const event of refs.events) add(event.image, { kind: 'event', id: event.id, label: `Event ${quoted(event.title)}` });
  const settingUses: Record<string, Pick<ImageUse, 'kind' | 'label'>> = {
    [settingKeys.logo_url]: { kind: 'logo', label: 'The logo' },
    [settingKeys.share_image_url]: { kind: 'share_image', label: 'The share image for link previews' },
    [settingKeys.hero_image_url]: { kind: 'hero_image', label: "The home page's picture" },
  };
  for (const setting of refs.settings) {
    const use = settingUses[setting.key];
    if (use) add(setting.value, { ...use, id: null });
  }
  return uses;
}

export function imagesService(db: Kysely<Database>, clock: () => Date, audit: AuditTrail) {
  const repo = imagesRepo(db);
  /** The last share image made, for the logo it was made from (the logo rarely changes). */
  let share: { version: string; png: Promise<Buffer> } | null = null;
  /** Copies being made on request, by image, width and format: a second request waits for the first's. */
  const making = new Map<string, Promise<Pick<Variant, 'mime' | 'data'> | undefined>>();
  /** Copies made on request are made one after another: a page of new pictures must not take both cores. */
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  /**
   * A copy of an image that has none yet at that width (one uploaded before copies were made,
   * decision 210): made from the upload, kept, and answered. Undefined when the image is gone.
   */
  async function makeMissing(id: string, width: number, format: ImageVariantFormat) {
    const original = await repo.find(id);
    if (!original) return undefined;
    const variant = await oneAtATime(() => makeVariant(Buffer.from(original.data), width, format));
    try {
      await repo.insertVariants(id, [variant]);
    } catch (error) {
      // Deleted meanwhile (its copies go with it, and the foreign key refuses this one): not found.
      if (!(await repo.meta(id))) return undefined;
      throw error;
    }
    return { mime: variant.mime, data: variant.data };
  }

  return {
    /**
     * The picture for link previews when Settings has none (decision 083): the logo, or the
     * site's mark when the logo is not an uploaded image, on the brand's colours. Made once per logo.
     */
    shareImage(logo: string, mark: Buffer | null): { version: string; png: Promise<Buffer> } {
      const version = shareImageVersion(logo);
      if (share?.version !== version) {
        const made = (async () => {
          const id = uploadedImageId(logo);
          const uploaded = id ? await repo.find(id) : undefined;
          return renderShareImage(uploaded ? Buffer.from(uploaded.data) : mark);
        })();
        share = { version, png: made };
        // A failure is not kept: the next request tries again.
        made.catch(() => {
          if (share?.png === made) share = null;
        });
      }
      return share;
    },

    /**
     * Stores an uploaded image after decoding it in full and encoding it afresh: rotated upright,
     * metadata (location, camera) stripped, at most IMAGE_MAX_EDGE pixels on its longest edge.
     */
    /**
     * Stores an upload, re-encoded, with its copies (decision 210). `copiesLater` leaves the copies
     * to their first request, as for images stored before copies existed: the demo content's
     * pictures, so a new site starts at once rather than after a minute of encoding.
     */
    async store(upload: Buffer, actor: Actor, { copiesLater = false }: { copiesLater?: boolean } = {}): Promise<{ url: string }> {
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

      const { width, height } = output.info;
      // Its smaller and AVIF copies (decision 210), made from the stored upload before anything is written.
      let variants: Variant[] = [];
      try {
        if (!copiesLater) variants = await makeVariants(output.data, kind.ext, width);
      } catch {
        throw badRequest(UNREADABLE);
      }

      const id = randomUUID();
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
        async (trx) => {
          await imagesRepo(trx).insert(row);
          await imagesRepo(trx).insertVariants(id, variants);
        },
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

    /**
     * An image's copy at most `width` pixels wide in `format` (decision 210): AVIF, or the image's
     * own format. A width wider than the image is its own width; in its own format, the upload itself.
     * A copy not made yet (an image uploaded before copies were) is made now and kept.
     */
    async variant(id: string, width: number, format: ImageVariantFormat): Promise<{ mime: string; data: Buffer }> {
      const kept = await repo.findVariant(id, width, format);
      if (kept) return { mime: kept.mime, data: Buffer.from(kept.data) };
      const image = await repo.meta(id);
      if (!image || (format !== 'avif' && format !== image.ext)) throw notFound('Image not found');
      const at = keptWidth(width, image.width);
      if (format !== 'avif' && at === image.width) {
        const original = await repo.find(id);
        if (!original) throw notFound('Image not found');
        return { mime: original.mime, data: Buffer.from(original.data) };
      }
      if (at !== width) {
        const narrower = await repo.findVariant(id, at, format);
        if (narrower) return { mime: narrower.mime, data: Buffer.from(narrower.data) };
      }
      const key = `${id} ${at} ${format}`;
      let made = making.get(key);
      if (!made) {
        made = makeMissing(id, at, format).finally(() => making.delete(key));
        making.set(key, made);
      }
      const variant = await made;
      if (!variant) throw notFound('Image not found');
      return { mime: variant.mime, data: Buffer.from(variant.data) };
    },

    /** Every upload, newest first, with where it is used. */
    async list(): Promise<AdminImage[]> {
      const [images, refs] = await Promise.all([repo.list(), repo.references()]);
      const uses = usesByImage(refs);
      return images.map((image) => ({
        _id: image.id,
        url: pathOf(imagesApi.image, { id: image.id, ext: image.ext }),
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        created_at: image.created_at,
        created_by: image.created_by,
        uses: uses.get(image.id) ?? [],
      }));
    },

    /**
     * Deletes an image nothing uses, and its copies (decision 210); one in use is refused (409) naming where, so a page never
     * loses a picture. The check and the delete are one transaction.
     */
    async delete(id: string, actor: Actor): Promise<void> {
      await audit.change(
        actor,
        async (trx) => {
          const inTrx = imagesRepo(trx);
          const image = await inTrx.meta(id);
          if (!image) throw notFound('Image not found');
          const uses = usesByImage(await inTrx.references(id)).get(id) ?? [];
          if (uses.length) throw conflict(`This image is in use, so it cannot be deleted: ${uses.map((use) => use.label).join(', ')}`);
          if (!(await inTrx.delete(id))) throw notFound('Image not found');
          return image;
        },
        (image) => ({
          kind: 'image',
          action: 'deleted',
          subject_id: id,
          summary: `Deleted an unused ${image.width}×${image.height} ${image.ext.toUpperCase()} image uploaded ${image.created_at.slice(0, 10)}`,
        }),
      );
    },
  };
}
export type ImagesService = ReturnType<typeof imagesService>;
