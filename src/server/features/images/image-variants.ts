import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageVariantFormat } from '../../../shared/api/images';
import type { ImageVariantsTable } from '../../db/schema';

export type Variant = Omit<ImageVariantsTable, 'image_id'>;

const MIME = { avif: 'image/avif', jpg: 'image/jpeg', png: 'image/png' } as const;

/**
 * The widths an image of `width` pixels is kept at: each of IMAGE_WIDTHS narrower than it, and its
 * own (which a wider width's address serves). An image narrower than every width has only its own.
 */
export function keptWidths(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((each) => each < width), width];
}

/** The width the copy for `asked` is kept at: the image's own when it is narrower. */
export function keptWidth(asked: number, width: number): number {
  return Math.min(asked, width);
}

/**
 * One copy of an image (the stored upload, already upright and without metadata) at a width, in a
 * format. AVIF at effort 2: about as small as effort 4 for these sizes, several times faster to make
 * (an upload waits for its copies). The image's own format keeps the upload's settings.
 */
export async function makeVariant(image: Buffer, width: number, format: ImageVariantFormat): Promise<Variant> {
  const resized = sharp(image).resize({ width, withoutEnlargement: true });
  const encoded =
    format === 'avif'
      ? resized.avif({ quality: 55, effort: 2 })
      : format === 'png'
        ? resized.png({ compressionLevel: 9, palette: false })
        : resized.jpeg({ quality: 80, mozjpeg: true });
  const data = await encoded.toBuffer();
  return { width, format, mime: MIME[format], data, bytes: data.length };
}

/**
 * Every copy an upload gets: AVIF at each kept width, and its own format at each narrower one (at
 * its own width the upload itself is that copy). One at a time: the machine's cores serve pages too.
 */
export async function makeVariants(image: Buffer, ext: 'png' | 'jpg', width: number): Promise<Variant[]> {
  const variants: Variant[] = [];
  for (const each of keptWidths(width)) {
    variants.push(await makeVariant(image, each, 'avif'));
    if (each < width) variants.push(await makeVariant(image, each, ext));
  }
  return variants;
}
