import { z } from 'zod';
import { recordId } from './common';

/** POST /api/image_upload answers with a relative URL of the stored image. */
export const imageUploadResponse = z.object({ url: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_EDGE = 2000;

/** The back office's Images page: every upload, where it is used, and removing unused ones. */
export const imagePaths = {
  list: '/api/admin/images',
  remove: '/api/admin/images/delete',
} as const;

export const imageUseKinds = ['committee', 'article', 'page', 'logo', 'share_image'] as const;
export const imageUse = z.object({
  kind: z.enum(imageUseKinds),
  /** The committee member's or article's id; null for the logo and the share image. */
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
