import type { FieldValues, Resolver } from 'react-hook-form';
import { londonDate } from '../../../shared/domain/london-time';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { studentYearProblem, studentYearTexts } from '../../../shared/domain/tiers';

/** The error type the graduation year field shows in the rule's own words. */
export const STUDENT_YEAR_ERROR = 'student_year';

/**
 * Adds the student tier's rule (shared with the server: a graduation year not yet past) to a
 * form's resolver, by the London year on this device's clock. It is checked beside the schema's
 * own errors, so the visitor sees every problem of the form at once.
 */
export function withStudentYear<T extends FieldValues & { tier_index?: unknown; grad_year?: unknown }, O>(
  resolver: Resolver<T, unknown, O>,
  t: (key: SiteTextKey) => string,
): Resolver<T, unknown, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const year = values.grad_year;
    if (year !== null && year !== undefined && year !== '' && typeof year !== 'number') return result;
    const problem = studentYearProblem(
      typeof values.tier_index === 'number' ? values.tier_index : undefined,
      typeof year === 'number' ? year : null,
      Number(londonDate(new Date()).slice(0, 4)),
    );
    if (!problem || result.errors.grad_year) return result;
    const message = t(studentYearTexts[problem]).replace('{year}', String(year));
    return { values: {}, errors: { ...result.errors, grad_year: { type: STUDENT_YEAR_ERROR, message } } } as Awaited<
      ReturnType<Resolver<T, unknown, O>>
    >;
  };
}
