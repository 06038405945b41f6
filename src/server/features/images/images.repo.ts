import type { Insertable, Kysely } from 'kysely';
import { settingKeys } from '../../../shared/api/settings';
import type { Database, ImagesTable, ImageVariantsTable } from '../../db/schema';

/** Where an uploaded image's address appears: "/api/images/{id}.png" in a photo, an article or a setting. */
export const IMAGE_REFERENCE = /\/api\/images\/([0-9a-f-]{36})\.(?:png|jpg)/g;
const IMAGE_SETTINGS = [settingKeys.logo_url, settingKeys.share_image_url, settingKeys.hero_image_url];

export type ImageReferences = {
  committee: { id: string; name: string; image: string }[];
  articles: { id: string; title: string; is_page: number; content: string; image: string }[];
  events: { id: string; title: string; image: string }[];
  settings: { key: string; value: string }[];
};

export function imagesRepo(db: Kysely<Database>) {
  return {
    async insert(image: Insertable<ImagesTable>): Promise<void> {
      await db.insertInto('images').values(image).execute();
    },
    find(id: string) {
      return db.selectFrom('images').select(['mime', 'ext', 'data']).where('id', '=', id).executeTakeFirst();
    },

    /** Copies of an image (decision 210); one already there (made by another request) is left as it is. */
    async insertVariants(imageId: string, variants: Omit<ImageVariantsTable, 'image_id'>[]): Promise<void> {
      if (!variants.length) return;
      await db
        .insertInto('image_variants')
        .values(variants.map((variant) => ({ image_id: imageId, ...variant })))
        .onConflict((oc) => oc.columns(['image_id', 'width', 'format']).doNothing())
        .execute();
    },
    findVariant(imageId: string, width: number, format: ImageVariantsTable['format']) {
      return db
        .selectFrom('image_variants')
        .select(['mime', 'data'])
        .where('image_id', '=', imageId)
        .where('width', '=', width)
        .where('format', '=', format)
        .executeTakeFirst();
    },

    /** Every image without its bytes, newest first, with the uploader's e-mail as it is now. */
    list() {
      return db
        .selectFrom('images')
        .leftJoin('users', 'users.id', 'images.created_by')
        .select([
          'images.id',
          'images.ext',
          'images.mime',
          'images.width',
          'images.height',
          'images.bytes',
          'images.created_at',
          'users.email as created_by',
        ])
        .orderBy('images.created_at', 'desc')
        .orderBy('images.id', 'desc')
        .execute();
    },

    meta(id: string) {
      return db.selectFrom('images').select(['id', 'ext', 'mime', 'width', 'height', 'created_at']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * The records that may point at an image: committee photos, articles (their content and
     * feature image), events' feature images, and the logo, share image and hero image.
     * Reading other features' tables is the point here: an image is only ever used by them. With
     * `id`, only those that mention that image (ids are UUIDs, so LIKE needs no escaping).
     */
    async references(id?: string): Promise<ImageReferences> {
      const pattern = `%/api/images/${id ?? ''}%`;
      const [committee, articles, events, settings] = await Promise.all([
        db.selectFrom('committee_members').select(['id', 'name', 'image']).where('image', 'like', pattern).execute(),
        db
          .selectFrom('articles')
          .select(['id', 'title', 'is_page', 'content', 'image'])
          .where((eb) => eb.or([eb('content', 'like', pattern), eb('image', 'like', pattern)]))
          .execute(),
        db.selectFrom('events').select(['id', 'title', 'image']).where('image', 'like', pattern).execute(),
        db.selectFrom('strings').select(['key', 'value']).where('key', 'in', IMAGE_SETTINGS).where('value', 'like', pattern).execute(),
      ]);
      return { committee, articles, events, settings };
    },

    /** The image and its copies (decision 210). */
    async delete(id: string): Promise<boolean> {
      await db.deleteFrom('image_variants').where('image_id', '=', id).execute();
      const result = await db.deleteFrom('images').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
