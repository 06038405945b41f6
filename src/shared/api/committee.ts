import { z } from 'zod';
import { byIdRequest, insertedResponse, recordId, succeededResponse } from './common';
import { defineEndpoints } from './contract';

export const DEFAULT_COMMITTEE_PRIORITY = 100;

/** A photo is an uploaded image of this site or an http(s) address; empty means none. */
export const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((url) => url === '' || /^\/api\/images\/[0-9a-f-]{36}\.(png|jpg)$/.test(url) || /^https?:\/\/[^\s]+$/i.test(url), {
    message: 'Use an uploaded image or an http(s) address',
  });

const role = z.string().trim().min(1, 'Enter a role').max(200, 'At most 200 characters');
const description = z.string().trim().max(5000, 'At most 5,000 characters');

/** A member's role and description in Armenian (decision 180). */
export const committeeTranslation = z.object({ role, description: description.default('') });
export type CommitteeTranslation = z.infer<typeof committeeTranslation>;

export const committeeFields = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(200, 'At most 200 characters'),
  role,
  image: imageUrl,
  description,
  priority: z.number().int('Priority is a whole number').min(-1_000_000).max(1_000_000),
  /** The Armenian role and description: null removes them; left out, none for a new member and unchanged for an update. */
  hy: committeeTranslation.nullable().optional(),
});
export type CommitteeFields = z.infer<typeof committeeFields>;

export const newCommitteeRequest = committeeFields.extend({
  priority: committeeFields.shape.priority.default(DEFAULT_COMMITTEE_PRIORITY),
});
export const updateCommitteeRequest = committeeFields.extend({ _id: recordId });
export type UpdateCommitteeRequest = z.infer<typeof updateCommitteeRequest>;

/** A member in English, with the Armenian role and description beside (null: none; Armenian pages show the English). */
export const committeeMember = committeeFields.extend({ _id: z.string(), hy: committeeTranslation.nullable() });
export type CommitteeMember = z.infer<typeof committeeMember>;
export const committeeList = z.array(committeeMember);

export const committeeApi = defineEndpoints('committee', {
  list: {
    method: 'GET',
    path: '/api/committees',
    summary: 'The committee, by priority (highest first), then name; each with its Armenian role and description where written',
    response: committeeList,
  },
  create: {
    method: 'POST',
    path: '/api/new_committee',
    summary: 'Adds a committee member',
    body: { kind: 'json', schema: newCommitteeRequest },
    response: insertedResponse,
  },
  update: {
    method: 'POST',
    path: '/api/update_committee',
    summary: 'Changes a committee member',
    body: { kind: 'json', schema: updateCommitteeRequest },
    response: succeededResponse,
    errors: { 404: 'No such committee member' },
  },
  remove: {
    method: 'POST',
    path: '/api/delete_committee',
    summary: 'Removes a committee member',
    body: { kind: 'json', schema: byIdRequest },
    response: succeededResponse,
    errors: { 404: 'No such committee member' },
  },
});
