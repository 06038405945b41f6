import type { Kysely } from 'kysely';
import type { Services } from '../services';
import type { Database } from './schema';
import { settingOrInit } from './settings.repo';

/**
 * Demo content for an empty site, added once (a setting records it, so content the admin deletes
 * later does not come back). It goes in through the services, as if an admin had typed it.
 */
export async function seedDemoContent(db: Kysely<Database>, services: Services): Promise<boolean> {
  const marker = new Date().toISOString();
  const seededAt = await settingOrInit(db, 'demo_content_seeded_at', () => marker);
  if (seededAt !== marker) return false;
  await services.siteText.get('site_name'); // placeholder until feature seeders exist
  return true;
}
