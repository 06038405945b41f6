import type { Language } from '../../../shared/domain/language';
import type { FastifyInstance } from 'fastify';
import { donateFieldsFromValues, donateFormSchema, donateValuesFromFields, toProceedRequest } from '../../../shared/api/donate-form';
import { donateProceedRequest } from '../../../shared/api/donations';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { addPageForm, fieldErrors } from '../../http/page-form';
import type { PageResponder } from '../../http/spa';
import type { DonationsService } from './donations.service';
import type { MonthlyGiftsService } from './monthly-gifts.service';
import { monthlyStartRequest } from '../../../shared/api/monthly-gifts';

/**
 * The donation form as a browser posts it before the page's script has taken it over (decision
 * 085): checked by the page's own rules and begun here (the payment priced and started), so the
 * card step, which needs the script, opens with it when the script arrives.
 */
export function donationsPageForms(
  app: FastifyInstance,
  answer: PageResponder,
  publicUrl: string,
  donations: DonationsService,
  text: (key: SiteTextKey, language: Language) => Promise<string>,
  monthly: MonthlyGiftsService,
) {
  addPageForm(app, answer, publicUrl, {
    page: 'donate',
    form: 'donate',
    async handle({ req, fields, language }) {
      const form = donateValuesFromFields(fields);
      const values = donateFieldsFromValues(form);
      const [amount, amountTooLarge, name, email, confirm] = await Promise.all(
        (
          [
            'donate.amount_invalid',
            'donate.amount_too_large',
            'donate.name_required',
            'donate.email_invalid',
            'donate.gift_aid.confirm_required',
          ] as const
        ).map((key) => text(key, language)),
      );
      const checked = donateFormSchema({
        amount: amount!,
        amountTooLarge: amountTooLarge!,
        name: name!,
        email: email!,
        confirm: confirm!,
      }).safeParse(form);
      if (!checked.success) return { status: 400, values, fields: fieldErrors(checked.error) };
      const giftAidOffered = (await donations.config()).gift_aid_available;
      const request = toProceedRequest(form, giftAidOffered);
      // The API's own check too, as POST /api/donate_proceed makes it.
      const valid = donateProceedRequest.safeParse(request);
      if (!valid.success) return { status: 400, values, fields: fieldErrors(valid.error) };
      if (form.frequency === 'monthly') {
        const checked = monthlyStartRequest.safeParse(request);
        if (!checked.success) return { status: 400, values, fields: fieldErrors(checked.error) };
        // Its months' receipts in the language of the page it was started on (decision 191).
        const gift = await monthly.start({ ...checked.data, language }, req.ip, null);
        return {
          values,
          message: { tone: 'info', key: 'form.next_step' },
          handover: {
            kind: 'monthly-gift',
            request,
            giftId: gift.gift_id,
            clientSecret: gift.client_secret,
            setupIntentId: gift.setup_intent_id,
          },
        };
      }
      // The receipt in the language of the page the donation was made on (decision 150).
      const started = await donations.proceed({ ...valid.data, language }, req.ip);
      return {
        values,
        message: { tone: 'info', key: 'form.next_step' },
        handover: { kind: 'donation', request, clientSecret: started.clientSecret, amount: started.amount },
      };
    },
  });
}
