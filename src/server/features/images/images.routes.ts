import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES, imagesApi } from '../../../shared/api/images';
import { badRequest, HttpError, notFound, payloadTooLarge } from '../../http/errors';
import { addRoute } from '../../http/route';
import type { ImagesService } from './images.service';

const TOO_LARGE = `Images are at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
// Room for the multipart boundaries and headers around the file itself.
const MULTIPART_OVERHEAD = 64 * 1024;

const IMAGE_ID = /^[0-9a-f-]{36}$/;

/** What the share image is made from: the logo setting as it is now, and the site's own mark. */
export type ShareImageSource = { logo(): Promise<string>; mark(): Buffer | null };

export function imagesRoutes(app: FastifyInstance, images: ImagesService, share: ShareImageSource) {
  addRoute(app, imagesApi.upload, {
    policy: 'editor',
    handler: async ({ req, user }) => {
      // Refuse at once what announces itself as too big, before reading any of it.
      if (Number(req.headers['content-length'] ?? 0) > IMAGE_MAX_BYTES + MULTIPART_OVERHEAD) throw payloadTooLarge(TOO_LARGE);
      let upload: Buffer;
      try {
        const file = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
        if (!file || file.fieldname !== imagesApi.upload.body.file) throw badRequest('Attach the image in the form field "file"');
        upload = await file.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(TOO_LARGE);
        if (error instanceof HttpError || code?.startsWith('FST_')) throw error;
        // The multipart parser's own complaints (no boundary, a cut-off part): the body is at fault.
        throw badRequest('The upload could not be read: send the image as multipart/form-data in the field "file"');
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

  // A copy at a width, as AVIF or in the image's own format (decision 210): the same headers as the upload's.
  addRoute(app, imagesApi.variant, {
    policy: 'public',
    handler: async ({ params, reply }) => {
      if (!IMAGE_ID.test(params.id)) throw notFound('Image not found');
      const variant = await images.variant(params.id, Number(params.width), params.format);
      reply
        .header('content-type', variant.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'");
      return variant.data;
    },
  });

  addRoute(app, imagesApi.share, {
    policy: 'public',
    handler: async ({ reply }) => {
      const { png } = images.shareImage(await share.logo(), share.mark());
      // The page links it with the logo's version in the address: a new logo is a new address.
      reply.header('cache-control', 'public, max-age=86400');
      return png;
    },
  });

  addRoute(app, imagesApi.list, {
    policy: 'admin',
    handler: () => images.list(),
  });

  addRoute(app, imagesApi.remove, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      await images.delete(body._id, user());
      return { succeeded: true };
    },
  });
}
