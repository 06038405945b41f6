import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deleteImageRequest, IMAGE_MAX_BYTES, imagePaths } from '../../../shared/api/images';
import { paths } from '../../../shared/api/paths';
import { badRequest, notFound, payloadTooLarge } from '../../http/errors';
import { addRoute } from '../../http/route';
import type { ImagesService } from './images.service';

const TOO_LARGE = `Images are at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
// Room for the multipart boundaries and headers around the file itself.
const MULTIPART_OVERHEAD = 64 * 1024;

const imageParams = z.object({ file: z.string() });
const IMAGE_FILE = /^([0-9a-f-]{36})\.(png|jpg)$/;

export function imagesRoutes(app: FastifyInstance, images: ImagesService) {
  addRoute(app, {
    method: 'POST',
    url: paths.imageUpload,
    policy: 'editor',
    body: { kind: 'multipart' },
    handler: async ({ req, user }) => {
      // Refuse at once what announces itself as too big, before reading any of it.
      if (Number(req.headers['content-length'] ?? 0) > IMAGE_MAX_BYTES + MULTIPART_OVERHEAD) throw payloadTooLarge(TOO_LARGE);
      const file = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
      if (!file || file.fieldname !== 'file') throw badRequest('Attach the image in the form field "file"');
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

  addRoute(app, {
    method: 'GET',
    url: '/api/images/:file',
    policy: 'public',
    params: imageParams,
    handler: async ({ params, reply }) => {
      const [, id, ext] = IMAGE_FILE.exec(params.file) ?? [];
      const image = id ? await images.find(id) : undefined;
      if (!image || image.ext !== ext) throw notFound('Image not found');
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(image.data));
    },
  });

  addRoute(app, {
    method: 'GET',
    url: imagePaths.list,
    policy: 'admin',
    handler: () => images.list(),
  });

  addRoute(app, {
    method: 'POST',
    url: imagePaths.remove,
    policy: 'admin',
    body: { kind: 'json', schema: deleteImageRequest },
    handler: async ({ body, user }) => {
      await images.delete(body._id, user());
      return { succeeded: true };
    },
  });
}
