import type { FastifyInstance } from 'fastify';
import { registrationRequest } from '../../../shared/api/membership';
import { renewPageForm } from '../../../shared/api/page-forms';
import { STUDENT_TIER_INDEX } from '../../../shared/domain/tiers';
import { HttpError } from '../../http/errors';
import { ValidationError } from '../../http/validation';
import { addPageForm, fieldErrors } from '../../http/page-form';
import type { PageResponder } from '../../http/spa';
import type { MembershipService } from './membership.service';

/** What was typed, to show again: never the password. */
function withoutPassword(fields: Record<string, string>): Record<string, string> {
  const { plain_pw: _password, ...rest } = fields;
  return rest;
}

/**
 * Joining and renewing as a browser posts them before the page's script has taken the form over
 * (decision 085): joining begins on the server (the member, priced tier and payment), and the
 * card step, which needs the script, follows when it arrives. Renewing needs the member's
 * session, which only the script holds: the page keeps the choice and says so.
 */
export function membershipPageForms(app: FastifyInstance, answer: PageResponder, publicUrl: string, membership: MembershipService) {
  addPageForm(app, answer, publicUrl, {
    page: 'register',
    form: 'register',
    async handle({ req, fields, language }) {
      const values = withoutPassword(fields);
      const form = registrationRequest.safeParse(fields);
      if (!form.success) return { status: 400, values, fields: fieldErrors(form.error) };
      const registration = {
        ...form.data,
        grad_year: form.data.tier_index === STUDENT_TIER_INDEX ? form.data.grad_year : null,
        // Not chosen: the language of the page the person joined on (decision 150).
        language: form.data.language ?? language,
      };
      try {
        const proceed = await membership.registerProceed(registration, req.ip);
        return {
          values,
          message: { tone: 'info', key: 'form.next_step' },
          handover: {
            kind: 'register-pay',
            proceed,
            billing: {
              line1: registration.addr_line1,
              line2: registration.addr_line2 ?? '',
              city: registration.addr_city,
              postal_code: registration.addr_post,
            },
            first_name: registration.first_name,
            last_name: registration.last_name,
            email: registration.email,
          },
        };
      } catch (error) {
        // "This address has an account" belongs beside the e-mail field, as on the page.
        if (error instanceof HttpError && error.status === 409) {
          return { status: 409, values, fields: { email: error.detail }, message: { tone: 'error', text: error.detail } };
        }
        // The service's own word about one field (a student's graduation year) goes beside it, the form kept.
        if (error instanceof ValidationError && error.field) {
          return { status: 400, values, fields: { [error.field]: error.detail }, message: { tone: 'error', text: error.detail } };
        }
        throw error;
      }
    },
  });

  addPageForm(app, answer, publicUrl, {
    page: 'renew',
    form: 'renew',
    async handle({ fields }) {
      const form = renewPageForm.safeParse(fields);
      if (!form.success) return { status: 400, fields: fieldErrors(form.error) };
      // "Renew automatically each year" comes back ticked as it was sent (decision 140).
      const values = { tier_index: String(form.data.tier_index), ...(fields.auto_renew !== undefined ? { auto_renew: 'on' } : {}) };
      return { values, message: { tone: 'info', key: 'form.renew_again' } };
    },
  });
}
