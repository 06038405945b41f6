import { siteTextDefaults, type SiteTextKey } from '../../../shared/domain/site-text';
import type { Language } from '../../../shared/domain/language';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { GIFT_AID_WORDING_VERSION, type donateProceedRequest, type giftAidDetails } from '../../../shared/api/donations';
import { HMRC_SCHEDULE_ROWS, scheduleDonor, scheduleProblems } from '../../../shared/domain/gift-aid-schedule';
import { toCsv } from '../../../shared/domain/csv';
import { emailKey } from '../../../shared/domain/email';
import { addDays } from '../../../shared/domain/membership';
import { poundsDecimal } from '../../../shared/domain/money';
import { londonDate, londonDayStart } from '../../../shared/domain/london-time';
import { type Actor, type AuditTrail } from '../../audit/audit-trail';
import { GIFT_AID_ENABLED, getSetting } from '../../db/settings.repo';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../http/validation';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { CardBrake } from '../../payments/card-brake';
import type { FulfilmentHandler } from '../../payments/fulfilment';
import type { PaymentsService } from '../../payments/payments.service';
import { donationReceipt } from './donations.emails';
import { inTransaction } from '../../db/transaction';
import { recordConsent, wordingVersion } from '../../privacy/consents';
import { donationsRepo } from './donations.repo';
import { giftLink } from './monthly-gifts.emails';
import { monthlyGiftsRepo } from './monthly-gifts.repo';

type DonateRequest = z.output<typeof donateProceedRequest>;
type DeclarationDetails = z.output<typeof giftAidDetails>;
type DeclarationRow = Awaited<ReturnType<ReturnType<typeof donationsRepo>['declarations']>>[number];

const withNonUk = <T extends { non_uk: number }>(d: T): Omit<T, 'non_uk'> & { non_uk: boolean } => ({ ...d, non_uk: d.non_uk === 1 });

function toRecord(d: DeclarationRow) {
  return {
    _id: d.id,
    donation_id: d.donation_id,
    title: d.title,
    first_name: d.first_name,
    last_name: d.last_name,
    house: d.house,
    postcode: d.postcode,
    non_uk: d.non_uk === 1,
    past_and_future: d.past_and_future === 1,
    wording_version: d.wording_version,
    declared_at: d.declared_at,
    cancelled_at: d.cancelled_at,
    amount: d.amount_pence,
    donation_status: d.donation_status,
    problems: scheduleProblems(withNonUk(d)),
  };
}

/** The fields of a correction, in words for the audit log. */
const detailLabels: Record<keyof DeclarationDetails, string> = {
  title: 'title',
  first_name: 'first name',
  last_name: 'last name',
  house: 'house',
  postcode: 'postcode',
  non_uk: 'living abroad',
};

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Completing a donation marks it received and sends the receipt, in the language of the page it
 * was made on (decision 150). A month of a monthly gift also closes the month's charge (whichever
 * comes first, the job's answer or the provider's webhook, lands here once) and its receipt carries
 * the gift's cancel link (decisions 171, 172).
 */
export function donationFulfilment(
  clock: () => Date,
  linkSecret: string,
  textsIn: (language: Language) => Promise<(key: SiteTextKey) => string> = async () => (key) => siteTextDefaults[key],
): FulfilmentHandler {
  return async (trx, payment, mail) => {
    const tx = donationsRepo(trx);
    const donation = payment.reference_id ? await tx.find(payment.reference_id) : undefined;
    if (!donation) throw new Error(`Donation payment ${payment.id} has no donation`);
    const paidAt = clock();
    await tx.complete(donation.id, paidAt.toISOString());
    if (donation.monthly_gift_id) await monthlyGiftsRepo(trx).chargePaid(donation.id, paidAt.toISOString());
    const monthly = donation.monthly_gift_id
      ? { cancelUrl: giftLink(mail, linkSecret, donation.monthly_gift_id, donation.language) }
      : undefined;
    const words = { language: donation.language, text: await textsIn(donation.language) };
    return { mail: [donationReceipt(donation, Boolean(await tx.hasDeclaration(donation.id)), paidAt, mail, monthly, words)] };
  };
}

export type DonationsDeps = {
  db: Kysely<Database>;
  payments: PaymentsService;
  brake: CardBrake;
  limiter: RateLimiter;
  clock: () => Date;
  charityNumber: () => Promise<string>;
  audit: AuditTrail;
  /** The consent wording shown on the form now (a site text). */
  consentWording: () => Promise<string>;
};

export function donationsService({ db, payments, brake, limiter, clock, charityNumber, audit, consentWording }: DonationsDeps) {
  const repo = donationsRepo(db);

  /** The switch is in Settings; Gift Aid is offered only while a charity number is set as well. */
  async function giftAidSetting() {
    const number = (await charityNumber()).trim();
    const enabled = (await getSetting(db, GIFT_AID_ENABLED)) === 'true';
    return { enabled: enabled && Boolean(number), available: Boolean(number), charity_number: number };
  }

  return {
    async config() {
      const setting = await giftAidSetting();
      return { gift_aid_available: setting.enabled, charity_number: setting.charity_number, wording_version: GIFT_AID_WORDING_VERSION };
    },

    /**
     * Records a donation and asks the provider for a payment intent. The card brake's limits per
     * address and its site-wide pause, and a limit per e-mail, keep card testers from using the form.
     */
    async proceed(
      request: DonateRequest,
      ip: string,
      cardCheck?: string,
    ): Promise<{ clientSecret: string; amount: number; payment_id: string }> {
      if (request.gift_aid && !(await giftAidSetting()).enabled) throw badRequest('Gift Aid is not offered at the moment');
      await brake.beforeStart({ ip, check: cardCheck }, { pausable: true });
      await limiter.hit(
        { bucket: 'donate-email', key: emailKey(request.email), max: 5, windowMs: TEN_MINUTES },
        'Too many donation attempts. Please wait a few minutes and try again.',
      );

      const donationId = randomUUID();
      const now = clock().toISOString();
      const { paymentId, clientSecret } = await payments.begin({
        kind: 'donation',
        amountPence: request.amount,
        email: request.email,
        description: 'Donation',
        referenceId: donationId,
        clientIp: ip,
      });
      const gift = request.gift_aid;
      await repo.insert(
        {
          id: donationId,
          amount_pence: request.amount,
          name: request.name,
          email: request.email,
          status: 'pending',
          payment_id: paymentId,
          created_at: now,
          completed_at: null,
          monthly_gift_id: null,
          language: request.language ?? 'en',
        },
        gift
          ? {
              id: randomUUID(),
              donation_id: donationId,
              title: gift.title,
              first_name: gift.first_name,
              last_name: gift.last_name,
              house: gift.house,
              postcode: gift.non_uk ? null : (gift.postcode?.toUpperCase() ?? null),
              non_uk: gift.non_uk ? 1 : 0,
              past_and_future: gift.past_and_future ? 1 : 0,
              wording_version: GIFT_AID_WORDING_VERSION,
              declared_at: now,
              cancelled_at: null,
              cancelled_by: null,
            }
          : undefined,
      );
      // A ticked box is consent given here; an unticked one withdraws nothing given before.
      if (request.news_email) {
        const version = wordingVersion(await consentWording());
        await inTransaction(db, (trx) =>
          recordConsent(trx, { userId: null, email: request.email, newsEmail: true, source: 'donate', version, at: now }),
        );
      }
      return { clientSecret: clientSecret!, amount: request.amount, payment_id: paymentId };
    },

    async declarations() {
      return (await repo.declarations()).map(toRecord);
    },

    /**
     * The admin corrects a donor's details to what HMRC's schedule accepts (a name in Latin
     * letters, a postcode written out): the declaration's wording, date and scope stay as made.
     */
    async correctDeclaration(id: string, details: DeclarationDetails, actor: NonNullable<Actor>) {
      await audit.change(
        actor,
        async (trx) => {
          const declarations = donationsRepo(trx);
          const before = await declarations.declarationRow(id);
          if (!before) throw notFound('Declaration not found');
          if (before.cancelled_at) throw conflict('This declaration has been cancelled');
          const next = { ...details, postcode: details.non_uk ? null : details.postcode };
          const fields = (Object.keys(detailLabels) as (keyof DeclarationDetails)[]).filter((field) =>
            field === 'non_uk' ? (before.non_uk === 1) !== next.non_uk : before[field] !== next[field],
          );
          if (fields.length) await declarations.correctDeclaration(id, { ...next, non_uk: next.non_uk ? 1 : 0 });
          return { before, fields };
        },
        ({ before, fields }) =>
          fields.length
            ? {
                kind: 'gift_aid',
                action: 'updated',
                subject_id: id,
                summary: `Corrected the Gift Aid declaration of ${before.first_name} ${before.last_name} (${fields.map((f) => detailLabels[f]).join(', ')})`,
              }
            : [],
      );
      const row = await repo.declarationRow(id);
      return toRecord(row!);
    },

    async cancelDeclaration(id: string, actor: NonNullable<Actor>): Promise<void> {
      await audit.change(
        actor,
        async (trx) => {
          const declarations = donationsRepo(trx);
          if (!(await declarations.cancelDeclaration(id, clock().toISOString(), actor.id)))
            throw notFound('Declaration not found or already cancelled');
          return declarations.declaration(id);
        },
        (declaration) => ({
          kind: 'gift_aid',
          action: 'cancelled',
          subject_id: id,
          summary: `Cancelled the Gift Aid declaration of ${declaration ? `${declaration.first_name} ${declaration.last_name}` : 'a donor'}`,
        }),
      );
    },

    /**
     * The donations to claim between two London dates (inclusive), in the columns of HMRC's
     * Charities Online schedule, each cell as HMRC's rules take it (decision 102). A declaration
     * HMRC would refuse is left out, flagged in the declarations list for the admin to correct;
     * every cell being checked, no formula guard is added (HMRC would keep it as part of a name).
     */
    async exportCsv(from: string, to: string): Promise<string> {
      if (to < from) throw badRequest('The end date is before the start date');
      const start = londonDayStart(from);
      const end = londonDayStart(addDays(to, 1));
      const claimable = (await repo.claimable(start, end)).filter((d) => scheduleProblems(withNonUk(d)).length === 0);
      if (claimable.length > HMRC_SCHEDULE_ROWS)
        throw new ValidationError(
          `HMRC's schedule holds ${HMRC_SCHEDULE_ROWS.toLocaleString('en-GB')} donations and these dates have ${claimable.length.toLocaleString('en-GB')}: choose a shorter period`,
          'to',
        );
      const rows = claimable.map((d, index) => {
        const [year, month, day] = londonDate(new Date(d.completed_at!)).split('-');
        const donor = scheduleDonor(withNonUk(d));
        return [
          index + 1,
          donor.title,
          donor.first_name,
          donor.last_name,
          donor.house,
          donor.postcode,
          null,
          null,
          `${day}/${month}/${year!.slice(2)}`,
          poundsDecimal(d.amount_pence),
        ];
      });
      return toCsv(
        [
          'Item',
          'Title',
          'First name or initial',
          'Last name',
          'House name or number',
          'Postcode',
          'Aggregated donations',
          'Sponsored event',
          'Donation date (DD/MM/YY)',
          'Amount',
        ],
        rows,
        { formulaGuard: false },
      );
    },
  };
}
export type DonationsService = ReturnType<typeof donationsService>;
