import { z } from 'zod';

/** POST /api/image_upload answers with a relative URL of the stored image. */
export const imageUploadResponse = z.object({ url: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_EDGE = 2000;
