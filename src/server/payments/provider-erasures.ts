import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PaymentProvider } from '../integrations/payments/provider';
import { addressIn } from '../privacy/matching';
import type { PersonalDataCoverage } from '../privacy/personal-data';

/** How long a failed deletion waits before it is tried again (the hourly jobs try what is due). */
const RETRY_AFTER_MS = 60 * 60 * 1000;

type Deps = {
  db: Kysely<Database>;
  provider: PaymentProvider;
  clock: () => Date;
  log: { warn(obj: object, msg: string): void };
};

/**
 * An erasure reaches the payment provider (decision 220): the customers an erased person had
 * there (the cards kept for automatic renewal and monthly gifts) are queued in the erasure's own
 * transaction, deleted at the provider once it has committed, and retried every hour until the
 * provider has confirmed it, so neither a failing provider nor a crash leaves a card behind.
 */
export function providerErasures({ db, provider, clock, log }: Deps) {
  /** Deletes the queued customers whose time has come; answers how many are done. */
  async function runDue(): Promise<number> {
    const now = clock();
    const due = await db
      .selectFrom('provider_erasures')
      .select(['customer_id', 'attempts'])
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('next_attempt_at')
      .limit(100)
      .execute();
    let done = 0;
    for (const row of due) {
      // Claimed by moving its next attempt on, so two servers do not both ask (a second ask would find it gone anyway).
      const claim = await db
        .updateTable('provider_erasures')
        .set({ attempts: row.attempts + 1, next_attempt_at: new Date(now.getTime() + RETRY_AFTER_MS).toISOString() })
        .where('customer_id', '=', row.customer_id)
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      try {
        await provider.deleteCustomer(row.customer_id);
        await db.deleteFrom('provider_erasures').where('customer_id', '=', row.customer_id).execute();
        done++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.updateTable('provider_erasures').set({ last_error: message }).where('customer_id', '=', row.customer_id).execute();
        log.warn(
          { attempts: row.attempts + 1, error: message },
          "The payment provider did not delete an erased person's saved cards: tried again within the hour",
        );
      }
    }
    return done;
  }

  /** Runs before the parts that delete the rows naming the customers (services.ts orders the parts). */
  const personalData: PersonalDataCoverage = {
    owner: 'payments (the provider)',
    tables: {
      provider_erasures: {
        none: "the provider's ids of erased people's customers, kept only until the provider has deleted them",
      },
    },
    async erase(trx, erasure) {
      const renewals = await trx.selectFrom('auto_renewals').select('customer_id').where('user_id', '=', erasure.userId).execute();
      const gifts = await trx
        .selectFrom('monthly_gifts')
        .select('customer_id')
        .where((eb) => eb.or([eb('user_id', '=', erasure.userId), addressIn('email', erasure.emailKeys)]))
        .execute();
      const customers = [...new Set([...renewals, ...gifts].map((row) => row.customer_id).filter(Boolean))];
      if (customers.length === 0) return;
      await trx
        .insertInto('provider_erasures')
        .values(customers.map((customer_id) => ({ customer_id, next_attempt_at: erasure.at, created_at: erasure.at })))
        .onConflict((oc) => oc.column('customer_id').doNothing())
        .execute();
      erasure.afterCommit(async () => void (await runDue()));
    },
  };

  return { runDue, personalData };
}
