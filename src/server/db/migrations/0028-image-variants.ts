import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

// Landed migrations are never edited: add a new numbered file instead.

/**
 * Each uploaded image's smaller copies and its AVIF copies (decision 210): one row per width and
 * format, made at upload, or on the first request for an image uploaded before this table existed.
 * Deleting an image deletes them (the service does it in the same transaction; the foreign key
 * makes sure).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('image_variants')
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_variants_pk', ['image_id', 'width', 'format'])
    .execute();
}
