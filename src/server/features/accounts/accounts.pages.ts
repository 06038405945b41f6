import type { FastifyInstance } from 'fastify';
import { passwordsAcceptable, pwForgotRequest } from '../../../shared/api/accounts';
import { pwResetPageForm, signInPageForm } from '../../../shared/api/page-forms';
import { HttpError } from '../../http/errors';
import { addPageForm, fieldErrors } from '../../http/page-form';
import type { PageResponder } from '../../http/spa';
import type { AccountsService } from './accounts.service';
import type { PasswordResetService } from './password-reset.service';
import { signInContext } from './sign-in-context';

/**
 * The sign-in, forgotten-password and new-password forms as a browser posts them before the
 * page's script has taken them over: the server does their work (decision 085).
 */
export function accountsPageForms(
  app: FastifyInstance,
  answer: PageResponder,
  publicUrl: string,
  accounts: AccountsService,
  resets: PasswordResetService,
) {
  addPageForm(app, answer, publicUrl, {
    page: 'signIn',
    form: 'signIn',
    async handle({ req, fields }) {
      const values = { email: fields.email ?? '' };
      const form = signInPageForm.safeParse(fields);
      if (!form.success) return { status: 400, values, fields: fieldErrors(form.error) };
      try {
        const signedIn = await accounts.signIn(form.data.email, form.data.password, signInContext(req), form.data.otp);
        // The session is the page's to keep (session storage, decision 003): the script takes it when it arrives.
        return {
          values,
          message: { tone: 'success', key: 'form.signed_in' },
          handover: {
            kind: 'session',
            session: { token: signedIn.access_token, username: signedIn.username, role: signedIn.role },
            ...(signedIn.second_factor_setup ? { secondFactorSetup: signedIn.second_factor_setup } : {}),
          },
        };
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 401) throw error;
        // A right password for an account with a second factor: the page asks for its code (decision 130).
        const factors = error.extra?.second_factor;
        if (Array.isArray(factors) && factors.length) {
          return {
            status: 401,
            values,
            secondFactor: factors.map(String),
            message: { tone: form.data.otp ? 'error' : 'info', text: error.detail },
          };
        }
        return { status: 401, values, message: { tone: 'error', key: 'invalid_credentials' } };
      }
    },
  });

  addPageForm(app, answer, publicUrl, {
    page: 'pwForgot',
    form: 'pwForgot',
    async handle({ req, fields }) {
      const values = { email: fields.email ?? '' };
      const form = pwForgotRequest.safeParse(fields);
      if (!form.success) return { status: 400, values, fields: fieldErrors(form.error) };
      await resets.requestReset(form.data.email, req.ip);
      return { values, done: true };
    },
  });

  addPageForm(app, answer, publicUrl, {
    page: 'pwReset',
    form: 'pwReset',
    async handle({ fields, params }) {
      const form = pwResetPageForm.safeParse(fields);
      if (!form.success || !passwordsAcceptable(form.data.password, form.data.confirmation)) {
        return { status: 400, message: { tone: 'error', key: 'pw_reset.mismatch' } };
      }
      await resets.reset(params.uid ?? '', form.data.password);
      return { done: true };
    },
  });
}
