import type { AudienceInput, ExclusionReason, NewsletterView } from '../../../../shared/api/newsletters';
import { defineWords } from '../../../lib/words';

type Kind = AudienceInput['kind'];
type Status = NewsletterView['status'];

/** A count with its noun in English: "1 recipient", "3 recipients". */
const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The newsletter writer's words (decision 190): only editors and the admin read them, so they are
 * written here in both languages rather than as site texts.
 */
export const newsletterWords = defineWords(
  {
    pageTitle: 'Newsletter',
    writeTitle: 'Write a newsletter',
    needsRights: 'Sign in as an editor or the admin to write newsletters.',
    allNewsletters: 'All newsletters',
    loadFailed: 'The newsletter could not be loaded.',
    formLabel: 'The newsletter',
    subject: 'Subject',
    content: 'Content',
    locked: 'Sending has begun: the newsletter can no longer be changed.',
    list: 'List',
    listHelp: 'People unsubscribed from this list do not get it; its one-click link leaves this list.',
    saveFailed: 'The newsletter could not be saved.',
    saveChanges: 'Save changes',
    saveDraft: 'Save draft',
    // The audience
    audience: 'Audience',
    kind: (kind: Kind): string =>
      ({
        all_members: 'All members',
        tier: 'Members of a tier',
        status: 'Members by status',
        event: 'Attendees of an event',
        donors: 'Donors',
        non_members: 'Non-members who agreed to news (donating or booking)',
        everyone: 'Everyone on the list',
      })[kind],
    tiers: 'Tiers',
    status: 'Status',
    segment: (segment: 'active' | 'expiring' | 'lapsed'): string =>
      ({ active: 'Active', expiring: 'Expiring soon', lapsed: 'Lapsed' })[segment],
    expiringDays: 'Expiring within (days)',
    lapsedMonths: 'Lapsed within (months)',
    event: 'Event',
    chooseEvent: 'Choose an event',
    // Who will receive it
    whoReceives: 'Who will receive it',
    chooseAudienceFirst: 'Choose the audience first.',
    countFailed: 'The count could not be made.',
    counting: 'Counting…',
    recipients: (n: number) => countOf(n, 'recipient', 'recipients'),
    leftOut: (n: number) => `${n} left out:`,
    whoIsLeftOut: 'Who is left out',
    exclusion: (reason: ExclusionReason): string =>
      ({
        no_consent: 'has not agreed to news by e-mail',
        unsubscribed: 'unsubscribed from this list',
        suppressed: 'address suppressed after bounces',
      })[reason],
    // Sending
    statusIs: (status: Status): string =>
      `Status: ${{ draft: 'Draft', scheduled: 'Scheduled', queueing: 'Being queued', sending: 'Sending', sent: 'Sent', cancelled: 'Cancelled' }[status]}`,
    scheduledFor: (when: string) => `, for ${when}`,
    queued: 'Queued',
    sent: 'Sent',
    waiting: 'Waiting',
    failed: 'Failed',
    cancelled: 'Cancelled',
    excluded: 'Left out',
    failures: (n: number) => `Failures (${n})`,
    sendTest: 'Send a test to me',
    testSent: 'A test is on its way to you.',
    sendNow: 'Send now',
    sendingBegun: 'Sending has begun.',
    sendAt: 'Send at (London time)',
    schedule: 'Schedule',
    scheduled: 'The newsletter is scheduled.',
    cancelSchedule: 'Cancel the schedule',
    stopSending: 'Stop sending',
    cancelledNotice: 'Cancelled.',
    actionFailed: 'That did not work. Please try again.',
  },
  {
    pageTitle: 'Տեղեկագիր',
    writeTitle: 'Գրել տեղեկագիր',
    needsRights: 'Տեղեկագրեր գրելու համար մուտք գործեք խմբագրի կամ ադմինիստրատորի հաշվով։',
    allNewsletters: 'Բոլոր տեղեկագրերը',
    loadFailed: 'Տեղեկագիրը չհաջողվեց բեռնել։',
    formLabel: 'Տեղեկագիրը',
    subject: 'Թեմա',
    content: 'Բովանդակություն',
    locked: 'Ուղարկումն սկսվել է․ տեղեկագիրն այլևս հնարավոր չէ փոխել։',
    list: 'Ցուցակ',
    listHelp: 'Այս ցուցակից բաժանորդագրությունը չեղարկածները այն չեն ստանում․ նամակի մեկ սեղմումով հղումը հանում է միայն այս ցուցակից։',
    saveFailed: 'Տեղեկագիրը չհաջողվեց պահպանել։',
    saveChanges: 'Պահպանել փոփոխությունները',
    saveDraft: 'Պահպանել սևագիրը',
    audience: 'Հասցեատերեր',
    kind: (kind: Kind): string =>
      ({
        all_members: 'Բոլոր անդամները',
        tier: 'Անդամակցության որոշակի տեսակի անդամները',
        status: 'Անդամներն ըստ կարգավիճակի',
        event: 'Միջոցառման մասնակիցները',
        donors: 'Նվիրատուները',
        non_members: 'Ոչ անդամները, որոնք համաձայնել են նորություններ ստանալ (նվիրատվության կամ ամրագրման ժամանակ)',
        everyone: 'Ցուցակում բոլորը',
      })[kind],
    tiers: 'Անդամակցության տեսակներ',
    status: 'Կարգավիճակ',
    segment: (segment: 'active' | 'expiring' | 'lapsed'): string =>
      ({ active: 'Գործող', expiring: 'Շուտով ավարտվող', lapsed: 'Ժամկետանց' })[segment],
    expiringDays: 'Ավարտվում է (օր հետո)',
    lapsedMonths: 'Ժամկետն անցել է (վերջին ամիսներին)',
    event: 'Միջոցառում',
    chooseEvent: 'Ընտրեք միջոցառում',
    whoReceives: 'Ովքեր կստանան',
    chooseAudienceFirst: 'Նախ ընտրեք հասցեատերերին։',
    countFailed: 'Չհաջողվեց հաշվել։',
    counting: 'Հաշվվում է…',
    recipients: (n: number) => `${n} ստացող`,
    leftOut: (n: number) => `${n}-ը դուրս են մնում․`,
    whoIsLeftOut: 'Ովքեր են դուրս մնում',
    exclusion: (reason: ExclusionReason): string =>
      ({
        no_consent: 'չի համաձայնել նորություններ ստանալ էլ. փոստով',
        unsubscribed: 'չեղարկել է բաժանորդագրությունն այս ցուցակից',
        suppressed: 'հասցեն արգելափակված է չառաքված նամակներից հետո',
      })[reason],
    statusIs: (status: Status): string =>
      `Կարգավիճակ՝ ${{ draft: 'սևագիր', scheduled: 'պլանավորված', queueing: 'հերթագրվում է', sending: 'ուղարկվում է', sent: 'ուղարկված', cancelled: 'չեղարկված' }[status]}`,
    scheduledFor: (when: string) => `, ${when}`,
    queued: 'Հերթագրված',
    sent: 'Ուղարկված',
    waiting: 'Սպասող',
    failed: 'Չհաջողված',
    cancelled: 'Չեղարկված',
    excluded: 'Դուրս մնացած',
    failures: (n: number) => `Չհաջողվածներ (${n})`,
    sendTest: 'Ուղարկել փորձնական օրինակ ինձ',
    testSent: 'Փորձնական օրինակն ուղարկվում է ձեզ։',
    sendNow: 'Ուղարկել հիմա',
    sendingBegun: 'Ուղարկումն սկսվել է։',
    sendAt: 'Ուղարկել (Լոնդոնի ժամանակով)',
    schedule: 'Պլանավորել',
    scheduled: 'Տեղեկագրի ուղարկումը պլանավորված է։',
    cancelSchedule: 'Չեղարկել պլանավորումը',
    stopSending: 'Դադարեցնել ուղարկումը',
    cancelledNotice: 'Չեղարկված է։',
    actionFailed: 'Չստացվեց։ Խնդրում ենք կրկին փորձել։',
  },
);
