import { z } from 'zod';
import { plainText, type RawDocument } from '../domain/richtext/document';
import { validateDocumentJson } from '../domain/richtext/validate';
import { articleId } from './articles';
import { defineEndpoints, file } from './contract';
import { emailAddress } from './membership';

/**
 * Newsletters (decisions 120-123): written by an editor or the admin, sent to a list and a
 * segment, once per person, at a steady rate; the archive on the site; unsubscribing in one
 * click (RFC 8058) and a preference page whose GET changes nothing.
 */

export const MAX_SUBJECT = 150;
/** A newsletter's content is an article's document, with the same limits. */
export const NEWSLETTER_EMPTY = 'Write the newsletter first: it has no text';

const recordId = z.string().trim().min(1).max(100);
const idParams = z.object({ id: z.string().max(100) });

/** Whether a document has anything to read: text, or an image. */
export function hasContent(document: RawDocument): boolean {
  return plainText(document).trim().length > 0 || document.blocks.some((block) => block.type === 'atomic');
}

export const newsletterContent = z.string().superRefine((json, ctx) => {
  const result = validateDocumentJson(json);
  if (!result.ok) ctx.addIssue({ code: 'custom', message: result.error });
  else if (!hasContent(result.document)) ctx.addIssue({ code: 'custom', message: NEWSLETTER_EMPTY });
});

// ---- Audiences ----

export const membershipSegments = ['active', 'expiring', 'lapsed'] as const;

/** Who a newsletter is meant for; consent, unsubscribes and suppressions then narrow it (decision 120). */
export const audience = z.discriminatedUnion(
  'kind',
  [
    /** Everyone the site knows: members, donors, attendees and people who agreed to news. */
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('all_members') }),
    z.object({
      kind: z.literal('tier'),
      tiers: z.array(z.number().int().min(0).max(2)).min(1, 'Choose at least one tier').max(3),
    }),
    z.object({
      kind: z.literal('status'),
      status: z.enum(membershipSegments, { error: 'Choose active, expiring or lapsed' }),
      /** Expiring within this many days. */
      days: z.number().int().min(1, 'At least 1 day').max(366, 'At most 366 days').default(30),
      /** Lapsed within this many months. */
      months: z.number().int().min(1, 'At least 1 month').max(120, 'At most 120 months').default(12),
    }),
    z.object({ kind: z.literal('event'), event_id: z.string().trim().min(1, 'Choose an event').max(100) }),
    z.object({ kind: z.literal('donors') }),
    /** People who are not members but agreed to news when donating or booking. */
    z.object({ kind: z.literal('non_members') }),
  ],
  { error: 'Choose who the newsletter is for' },
);
export type Audience = z.output<typeof audience>;
export type AudienceInput = z.input<typeof audience>;

export const exclusionReasons = ['no_consent', 'unsubscribed', 'suppressed'] as const;
export type ExclusionReason = (typeof exclusionReasons)[number];

const excludedCounts = z.object({ no_consent: z.number().int(), unsubscribed: z.number().int(), suppressed: z.number().int() });

export const audienceRequest = z.object({ list: recordId, audience });
export const audiencePreview = z.object({
  /** Who would get it if it were sent now. */
  recipients: z.number().int(),
  excluded: excludedCounts,
  /** The first of those left out, with the reason. */
  excluded_people: z.array(z.object({ email: z.string(), name: z.string().nullable(), reason: z.enum(exclusionReasons) })),
});
export type AudiencePreview = z.infer<typeof audiencePreview>;

// ---- Newsletters ----

export const newsletterStatuses = ['draft', 'scheduled', 'queueing', 'sending', 'sent', 'cancelled'] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

const subject = z.string().trim().min(1, 'Enter a subject').max(MAX_SUBJECT, `At most ${MAX_SUBJECT} characters`);

/** A draft from text written for it, or from an article (its title and content unless given). */
export const createNewsletterRequest = z
  .object({
    subject: subject.optional(),
    content: newsletterContent.optional(),
    article_id: articleId.optional(),
    list: recordId,
    audience,
  })
  .superRefine((value, ctx) => {
    if (value.article_id) return;
    if (!value.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Enter a subject' });
    if (!value.content) ctx.addIssue({ code: 'custom', path: ['content'], message: NEWSLETTER_EMPTY });
  });
export type CreateNewsletterRequest = z.input<typeof createNewsletterRequest>;

export const updateNewsletterRequest = z.object({ subject, content: newsletterContent, list: recordId, audience });
export type UpdateNewsletterRequest = z.input<typeof updateNewsletterRequest>;

/** Now, or at a later time (an ISO instant in the future). */
export const sendRequest = z.object({
  at: z.iso.datetime({ offset: true, error: 'Use a date and time like 2026-12-05T09:00:00Z' }).optional(),
});
export type SendRequest = z.input<typeof sendRequest>;

export const newsletterCounts = z.object({
  /** Messages queued in all (one per recipient). */
  recipients: z.number().int(),
  waiting: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  excluded: z.number().int(),
  excluded_by: excludedCounts,
});
export type NewsletterCounts = z.infer<typeof newsletterCounts>;

export const newsletterSummary = z.object({
  _id: z.string(),
  subject: z.string(),
  status: z.enum(newsletterStatuses),
  list: z.object({ _id: z.string(), name: z.string() }),
  created_at: z.string(),
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  recipients: z.number().int(),
});
export type NewsletterSummary = z.infer<typeof newsletterSummary>;

export const newsletterView = newsletterSummary.extend({
  content: z.string(),
  article_id: z.string().nullable(),
  audience,
  cancelled_at: z.string().nullable(),
  test_sent_at: z.string().nullable(),
  counts: newsletterCounts,
  /** Messages that failed or were refused, with the server's answer. */
  failures: z.array(z.object({ email: z.string(), status: z.string(), error: z.string().nullable() })),
});
export type NewsletterView = z.infer<typeof newsletterView>;

export const createdNewsletter = z.object({ _id: z.string() });

// ---- Lists and suppressions ----

export const mailingList = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  auto_subscribe: z.boolean(),
  subscribers: z.number().int(),
});
export type MailingList = z.infer<typeof mailingList>;

export const listRequest = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(60, 'At most 60 characters'),
  description: z.string().trim().max(300, 'At most 300 characters').default(''),
  /** People who agreed to news get this list until they leave it. */
  auto_subscribe: z.boolean().default(true),
});
export type ListRequest = z.input<typeof listRequest>;

export const suppression = z.object({
  email: z.string(),
  reason: z.string(),
  last_error: z.string().nullable(),
  suppressed_at: z.string(),
});
export const liftRequest = z.object({ email: emailAddress });

// ---- The archive ----

export const archivedNewsletter = z.object({ _id: z.string(), subject: z.string(), sent_at: z.string(), brief: z.string() });
export type ArchivedNewsletter = z.infer<typeof archivedNewsletter>;
export const archivedNewsletterRecord = archivedNewsletter.extend({ content: z.string() });
export type ArchivedNewsletterRecord = z.infer<typeof archivedNewsletterRecord>;
export const NEWSLETTER_NOT_FOUND = 'Newsletter not found';

// ---- Choices: the preference page and My Profile ----

/** The kinds of mail besides newsletters that carry an unsubscribe link (decision 122). */
export const serviceTopics = ['membership-reminders', 'booking-reminders', 'event-messages'] as const;
export type ServiceTopic = (typeof serviceTopics)[number];

export const emailChoice = z.object({
  /** "list:<id>" or one of the service topics. */
  topic: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['list', 'service']),
  subscribed: z.boolean(),
});
export type EmailChoice = z.infer<typeof emailChoice>;

export const emailChoices = z.object({
  /** The address, partly hidden on the preference page. */
  email: z.string(),
  choices: z.array(emailChoice),
});
export type EmailChoices = z.infer<typeof emailChoices>;

export const choicesRequest = z.object({
  /** Topic -> subscribed; topics left out stay as they are. */
  choices: z.record(z.string().max(60), z.boolean()).refine((c) => Object.keys(c).length <= 50, 'Too many choices'),
  /** Leaves every list (and news by e-mail as a whole). */
  unsubscribe_all: z.boolean().default(false),
});
export type ChoicesRequest = z.input<typeof choicesRequest>;

/** RFC 8058: the one-click POST's body. */
export const oneClickRequest = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'Send List-Unsubscribe=One-Click' }),
});
export const LINK_NOT_VALID = 'This link does not work. To change which e-mails you get, sign in and open My Profile.';
const tokenParams = z.object({ token: z.string().max(200) });

export const newslettersApi = defineEndpoints('newsletters', {
  list: {
    method: 'GET',
    path: '/api/admin/newsletters',
    summary: 'Every newsletter, newest first, with its state',
    response: z.array(newsletterSummary),
  },
  create: {
    method: 'POST',
    path: '/api/admin/newsletters',
    summary: 'Creates a draft: { subject, content, list, audience }, or { article_id, list, audience } to send an article',
    body: { kind: 'json', schema: createNewsletterRequest },
    response: createdNewsletter,
    errors: { 404: 'No such list, article or event' },
  },
  one: {
    method: 'GET',
    path: '/api/admin/newsletters/:id',
    summary: 'A newsletter with its progress: queued, sent, failed, excluded (and why) and the failures',
    params: idParams,
    response: newsletterView,
    errors: { 404: 'No such newsletter' },
  },
  update: {
    method: 'POST',
    path: '/api/admin/newsletters/:id',
    summary: 'Changes a draft (or a scheduled one, which stays scheduled)',
    params: idParams,
    body: { kind: 'json', schema: updateNewsletterRequest },
    response: newsletterView,
    errors: { 404: 'No such newsletter', 409: 'Sending has begun: it can no longer be changed' },
  },
  audience: {
    method: 'POST',
    path: '/api/admin/newsletters/audience',
    summary: 'How many people a list and segment reach now, and who is left out and why',
    body: { kind: 'json', schema: audienceRequest },
    response: audiencePreview,
    errors: { 404: 'No such list or event' },
  },
  test: {
    method: 'POST',
    path: '/api/admin/newsletters/:id/test',
    summary: 'Sends the newsletter to the writer (the caller) alone, marked as a test',
    params: idParams,
    response: z.object({ sent_to: z.string() }),
    errors: { 404: 'No such newsletter' },
  },
  send: {
    method: 'POST',
    path: '/api/admin/newsletters/:id/send',
    summary: 'Sends now, or at { at } (a future instant): one message per recipient, at the configured rate',
    params: idParams,
    body: { kind: 'json', schema: sendRequest },
    response: newsletterView,
    errors: { 404: 'No such newsletter', 409: 'Already sent or being sent, or nobody to send to' },
  },
  cancel: {
    method: 'POST',
    path: '/api/admin/newsletters/:id/cancel',
    summary: 'Stops a scheduled newsletter, or one being sent (messages not yet sent are not sent)',
    params: idParams,
    response: newsletterView,
    errors: { 404: 'No such newsletter', 409: 'Already sent, or not being sent' },
  },
  lists: {
    method: 'GET',
    path: '/api/admin/newsletters/lists',
    summary: 'The mailing lists with their subscriber counts',
    response: z.array(mailingList),
  },
  createList: {
    method: 'POST',
    path: '/api/admin/lists',
    summary: 'Names a new mailing list',
    body: { kind: 'json', schema: listRequest },
    response: mailingList,
    errors: { 409: 'A list of that name exists' },
  },
  updateList: {
    method: 'POST',
    path: '/api/admin/lists/:id',
    summary: 'Renames or describes a list',
    params: idParams,
    body: { kind: 'json', schema: listRequest },
    response: mailingList,
    errors: { 404: 'No such list', 409: 'A list of that name exists' },
  },
  suppressions: {
    method: 'GET',
    path: '/api/admin/suppressions',
    summary: 'Addresses no bulk mail goes to after bounces, newest first',
    response: z.array(suppression),
  },
  lift: {
    method: 'POST',
    path: '/api/admin/suppressions/lift',
    summary: 'Lifts the suppression of an address (the admin has checked it works again)',
    body: { kind: 'json', schema: liftRequest },
    response: z.object({ lifted: z.boolean() }),
    errors: { 404: 'That address is not suppressed' },
  },
  archive: {
    method: 'GET',
    path: '/api/newsletters',
    summary: 'Sent newsletters, newest first (the web versions)',
    response: z.array(archivedNewsletter),
  },
  archived: {
    method: 'GET',
    path: '/api/newsletters/:id',
    summary: 'The web version of a sent newsletter',
    params: idParams,
    response: archivedNewsletterRecord,
    errors: { 404: NEWSLETTER_NOT_FOUND },
  },
  oneClick: {
    method: 'POST',
    path: '/api/unsubscribe/:token',
    summary:
      'RFC 8058 one-click unsubscribe (the List-Unsubscribe link): leaves the list or kind of mail the message came from, without signing in',
    params: tokenParams,
    body: { kind: 'json-or-form', schema: oneClickRequest },
    response: z.object({ done: z.literal(true) }),
  },
  unsubscribePage: {
    method: 'GET',
    path: '/api/unsubscribe/:token',
    summary: 'Opened in a browser: sends it on to the preference page (a GET changes nothing)',
    params: tokenParams,
    response: file('text/html'),
    redirects: 'To the preference page of the address the link was sent to',
  },
  preferences: {
    method: 'GET',
    path: '/api/preferences/:token',
    summary: "The preference page's choices for the address the link was sent to (changes nothing)",
    params: tokenParams,
    response: emailChoices,
    errors: { 404: LINK_NOT_VALID },
  },
  savePreferences: {
    method: 'POST',
    path: '/api/preferences/:token',
    summary: 'Saves the choices made on the preference page, or leaves every list',
    params: tokenParams,
    body: { kind: 'json', schema: choicesRequest },
    response: emailChoices,
    errors: { 404: LINK_NOT_VALID },
  },
  mine: {
    method: 'GET',
    path: '/api/account/subscriptions',
    summary: "The signed-in person's lists and kinds of mail",
    response: emailChoices,
  },
  saveMine: {
    method: 'POST',
    path: '/api/account/subscriptions',
    summary: "Changes the signed-in person's lists and kinds of mail",
    body: { kind: 'json', schema: choicesRequest },
    response: emailChoices,
  },
});
