import { z } from 'zod';
import { recordId, succeededResponse } from './common';
import { defineEndpoints, file } from './contract';
import { IMAGE_WIDTHS, imageVariantFormats } from '../domain/image-sources';

export { IMAGE_WIDTHS, imageVariantFormats, type ImageVariantFormat, type ImageWidth } from '../domain/image-sources';

/** POST /api/image_upload answers with a relative URL of the stored image. */
export const imageUploadResponse = z.object({ url: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_EDGE = 2000;
/** Where the made-up share image is served (decision 083). */
export const SHARE_IMAGE_PATH = '/api/share-image.png';

export const imageUseKinds = ['committee', 'article', 'page', 'event', 'logo', 'share_image', 'hero_image'] as const;
export const imageUse = z.object({
  kind: z.enum(imageUseKinds),
  /** The committee member's, article's or event's id; null for the settings (logo, share image, hero image). */
  id: z.string().nullable(),
  /** In words: 'Committee member "Dr Ani Petrosyan"', 'The logo'. */
  label: z.string(),
});
export type ImageUse = z.infer<typeof imageUse>;

export const adminImage = z.object({
  _id: z.string(),
  url: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Stored size in bytes. */
  bytes: z.number().int(),
  created_at: z.string(),
  /** Who uploaded it (null for the demo content), by e-mail. */
  created_by: z.string().nullable(),
  uses: z.array(imageUse),
});
export type AdminImage = z.infer<typeof adminImage>;
export const adminImageList = z.array(adminImage);

export const deleteImageRequest = z.object({ _id: recordId });

export const imagesApi = defineEndpoints('images', {
  upload: {
    method: 'POST',
    path: '/api/image_upload',
    summary: 'Stores an image (PNG or JPEG, re-encoded, at most 2000 pixels a side) and answers its address',
    body: { kind: 'multipart', file: 'file', description: `A PNG or JPEG of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB` },
    response: imageUploadResponse,
  },
  image: {
    method: 'GET',
    path: '/api/images/:id.:ext',
    summary: 'An uploaded image, cached for a year (its address changes with its content)',
    params: z.object({ id: z.string(), ext: z.string().meta({ description: 'png or jpg' }) }),
    response: file('image/png', 'image/jpeg'),
    errors: { 404: 'No such image' },
  },
  variant: {
    method: 'GET',
    path: '/api/images/:id/:width.:format',
    summary:
      "An uploaded image at most `width` pixels wide, as AVIF or in the image's own format (decision 210), cached for a year (its address changes with its content)",
    params: z.object({
      id: z.string(),
      width: z.enum(IMAGE_WIDTHS.map(String) as [string, ...string[]], `The width must be one of ${IMAGE_WIDTHS.join(', ')}`),
      format: z.enum(imageVariantFormats, `The format must be one of ${imageVariantFormats.join(', ')}`),
    }),
    response: file('image/avif', 'image/jpeg', 'image/png'),
    errors: { 400: 'A width or format that is not made', 404: 'No such image, or not in that format (a PNG has no JPEG copy)' },
  },
  share: {
    method: 'GET',
    path: SHARE_IMAGE_PATH,
    summary:
      "The picture link previews show when Settings has no share image: the logo (or the site's mark) on the brand's colours, 1200 × 630 PNG",
    query: z.object({ v: z.string().max(40).optional().meta({ description: 'Changes with the logo, so caches keep each version apart' }) }),
    response: file('image/png'),
  },
  // The back office's Images page: every upload, where it is used, and removing unused ones.
  list: {
    method: 'GET',
    path: '/api/admin/images',
    summary: 'Every uploaded image, newest first, with its size, upload date, uploader and where it is used',
    response: adminImageList,
  },
  remove: {
    method: 'POST',
    path: '/api/admin/images/delete',
    summary: 'Deletes an image nothing uses (one in use is refused, naming where)',
    body: { kind: 'json', schema: deleteImageRequest },
    response: succeededResponse,
    errors: { 404: 'No such image', 409: 'The image is in use' },
  },
});
