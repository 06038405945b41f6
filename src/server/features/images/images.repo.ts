import type { Insertable, Kysely } from 'kysely';
import type { Database, ImagesTable } from '../../db/schema';

export function imagesRepo(db: Kysely<Database>) {
  return {
    async insert(image: Insertable<ImagesTable>): Promise<void> {
      await db.insertInto('images').values(image).execute();
    },
    find(id: string) {
      return db.selectFrom('images').select(['mime', 'ext', 'data']).where('id', '=', id).executeTakeFirst();
    },
  };
}
