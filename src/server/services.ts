import { randomUUID } from 'node:crypto';
import { createTokens } from './auth/tokens';
import type { Db } from './db/database';
import { settingOrInit } from './db/settings.repo';
import { accountsRepo } from './features/accounts/accounts.repo';
import { accountsService } from './features/accounts/accounts.service';
import { articlesRepo } from './features/articles/articles.repo';
import { articlesService } from './features/articles/articles.service';
import { committeeRepo } from './features/committee/committee.repo';
import { committeeService } from './features/committee/committee.service';
import { eventsRepo } from './features/events/events.repo';
import { eventsService } from './features/events/events.service';
import { imagesRepo } from './features/images/images.repo';
import { imagesService } from './features/images/images.service';
import { siteTextRepo } from './features/site-text/site-text.repo';
import { siteTextService } from './features/site-text/site-text.service';

export type ServiceDeps = { db: Db; clock: () => Date; jwtSecret: string };

/** Every feature's service, wired to the real database and the given clock. */
export function createServices({ db, clock, jwtSecret }: ServiceDeps) {
  const tokens = createTokens(jwtSecret, clock);
  const accounts = accountsRepo(db.db);
  return {
    tokens,
    accountsRepo: accounts,
    accounts: accountsService({
      repo: accounts,
      tokens,
      clock,
      bootstrapOnce: async () => {
        const marker = randomUUID();
        return (await settingOrInit(db.db, 'admin_bootstrapped', () => marker)) === marker;
      },
    }),
    siteText: siteTextService(siteTextRepo(db.db), clock),
    images: imagesService(imagesRepo(db.db), clock),
    committee: committeeService(committeeRepo(db.db), clock),
    events: eventsService(eventsRepo(db.db), clock),
    articles: articlesService(articlesRepo(db.db), clock),
  };
}
export type Services = ReturnType<typeof createServices>;
