import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES, imagesApi } from '../../../shared/api/images';
import { badRequest, notFound, payloadTooLarge } from '../../http/errors';
import { addRoute } from '../../http/route';
import type { ImagesService } from './images.service';

const TOO_LARGE = `Images are at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
// Room for the multipart boundaries and headers around the file itself.
const MULTIPART_OVERHEAD = 64 * 1024;

const IMAGE_ID = /^[0-9a-f-]{36}$/;

export function imagesRoutes(app: FastifyInstance, images: ImagesService) {
  addRoute(app, imagesApi.upload, {
    policy: 'editor',
    handler: async ({ req, user }) => {
      // Refuse at once what announces itself as too big, before reading any of it.
      if (Number(req.headers['content-length'] ?? 0) > IMAGE_MAX_BYTES + MULTIPART_OVERHEAD) throw payloadTooLarge(TOO_LARGE);
      const file = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
      if (!file || file.fieldname !== imagesApi.upload.body.file) throw badRequest('Attach the image in the form field "file"');
      let upload: Buffer;
      try {
        upload = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(TOO_LARGE);
        throw error;
      }
      return images.store(upload, user());
    },
  });

  addRoute(app, imagesApi.image, {
    policy: 'public',
    handler: async ({ params, reply }) => {
      const image = IMAGE_ID.test(params.id) ? await images.find(params.id) : undefined;
      if (!image || image.ext !== params.ext) throw notFound('Image not found');
      reply
        .header('content-type', image.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'");
      return Buffer.from(image.data);
    },
  });
}
