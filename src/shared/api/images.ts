import { z } from 'zod';
import { defineEndpoints, file } from './contract';

/** POST /api/image_upload answers with a relative URL of the stored image. */
export const imageUploadResponse = z.object({ url: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_EDGE = 2000;

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
});
