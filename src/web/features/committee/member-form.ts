import { z } from 'zod';
import {
  committeeFields,
  committeeTranslation,
  DEFAULT_COMMITTEE_PRIORITY,
  type CommitteeMember,
  type CommitteeTranslation,
} from '../../../shared/api/committee';

/** docs/product.md: priority is parsed as an integer, with parseInt's rules ("12", " 12" and "12.7" give 12). */
export function parsePriority(value: string): number {
  return Number.parseInt(value, 10);
}

/**
 * The Armenian role and description as typed: both empty is no Armenian version; a description
 * without a role asks for the role (decision 180).
 */
export const memberTranslationForm = z
  .object({ role: z.string(), description: z.string() })
  .transform((hy, ctx): CommitteeTranslation | null => {
    if (hy.role.trim() === '' && hy.description.trim() === '') return null;
    const parsed = committeeTranslation.safeParse(hy);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

/** The committee editor's form: the shared fields, with priority typed as text and parsed, and the Armenian ones. */
export function memberForm(priorityMessage: string) {
  return committeeFields.extend({
    hy: memberTranslationForm,
    priority: z
      .string()
      .transform((value, ctx) => {
        const parsed = parsePriority(value);
        if (Number.isNaN(parsed)) {
          ctx.addIssue({ code: 'custom', message: priorityMessage });
          return z.NEVER;
        }
        return parsed;
      })
      .pipe(committeeFields.shape.priority),
  });
}
export type MemberFormInput = z.input<ReturnType<typeof memberForm>>;
export type MemberFormOutput = z.output<ReturnType<typeof memberForm>>;

/** What the form starts from: the member as it is, or a blank one with the default priority. */
export function memberFormDefaults(member?: CommitteeMember): MemberFormInput {
  return member
    ? {
        name: member.name,
        role: member.role,
        image: member.image,
        description: member.description,
        priority: String(member.priority),
        hy: { role: member.hy?.role ?? '', description: member.hy?.description ?? '' },
      }
    : { name: '', role: '', image: '', description: '', priority: String(DEFAULT_COMMITTEE_PRIORITY), hy: { role: '', description: '' } };
}
