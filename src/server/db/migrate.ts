import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db, Dialect } from './database';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-content';
import * as m0003 from './migrations/0003-membership';
import * as m0004 from './migrations/0004-donations';
import * as m0005 from './migrations/0005-admin';
import * as m0006 from './migrations/0006-pages-and-settings';
import * as m0007 from './migrations/0007-exactly-once';
import * as m0008 from './migrations/0008-account';
import * as m0009 from './migrations/0009-category-listing';
import * as m0010 from './migrations/0010-event-bookings';
import * as m0011 from './migrations/0011-event-mailings';
import * as m0012 from './migrations/0012-feature-images';
import * as m0012b from './migrations/0012b-join-sign-in';
import * as m0013 from './migrations/0013-stalls-and-growth';
import * as m0013b from './migrations/0013b-mail-claims-and-expiry';
import * as m0014 from './migrations/0014-receipt-numbers';
import * as m0015 from './migrations/0015-member-import';
import * as m0016 from './migrations/0016-newsletters';
import * as m0017 from './migrations/0017-second-factors';
import * as m0018 from './migrations/0018-booking-news-consent';
import * as m0019 from './migrations/0019-auto-renewal';
import * as m0021 from './migrations/0021-two-languages';
import * as m0023 from './migrations/0023-monthly-giving';
import * as m0024 from './migrations/0024-bacs-direct-debit';
import * as m0025 from './migrations/0025-content-in-armenian';
import * as m0026 from './migrations/0026-mail-in-language';
import * as m0028 from './migrations/0028-image-variants';
import * as m0029 from './migrations/0029-members-search-text';
import * as m0030 from './migrations/0030-provider-erasures';
import * as m0031 from './migrations/0031-member-orders-covering';

type NumberedMigration = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> };

/** Every migration, in order. The names are stored in the database: never rename one. */
const migrations: Record<string, NumberedMigration> = {
  '0001-initial': m0001,
  '0002-content': m0002,
  '0003-membership': m0003,
  '0004-donations': m0004,
  '0005-admin': m0005,
  '0006-pages-and-settings': m0006,
  '0007-exactly-once': m0007,
  '0008-account': m0008,
  '0009-category-listing': m0009,
  '0010-event-bookings': m0010,
  '0011-event-mailings': m0011,
  '0012-feature-images': m0012,
  '0012b-join-sign-in': m0012b,
  '0013-stalls-and-growth': m0013,
  '0013b-mail-claims-and-expiry': m0013b,
  '0014-receipt-numbers': m0014,
  '0015-member-import': m0015,
  '0016-newsletters': m0016,
  '0017-second-factors': m0017,
  '0018-booking-news-consent': m0018,
  '0019-auto-renewal': m0019,
  '0021-two-languages': m0021,
  '0023-monthly-giving': m0023,
  '0024-bacs-direct-debit': m0024,
  '0025-content-in-armenian': m0025,
  '0026-mail-in-language': m0026,
  '0028-image-variants': m0028,
  '0029-members-search-text': m0029,
  '0030-provider-erasures': m0030,
  '0031-member-orders-covering': m0031,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [name, { up: (db: Kysely<unknown>) => m.up(db, this.dialect) }]),
    );
  }
}

/** Applies pending migrations; Kysely's lock keeps two servers starting together from racing. */
export async function migrateToLatest({ db, dialect }: Db): Promise<string[]> {
  // Branches take numbers of their own and land in any order (0012b after 0017): a database that has
  // run a later number still runs an earlier one it lacks, rather than refusing to start.
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : 'unknown error'}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
