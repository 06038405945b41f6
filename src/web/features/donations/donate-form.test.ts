import { describe, expect, it } from 'vitest';
import { amountPence, donateFormSchema, emptyDonateForm, giftAidBoost, toProceedRequest, type DonateFormValues } from './donate-form';

const messages = { amount: 'amount', amountTooLarge: 'too large', name: 'name', email: 'email', confirm: 'confirm' };
const schema = donateFormSchema(messages);
const errorsOf = (v: Partial<DonateFormValues>) => {
  const result = schema.safeParse({ ...emptyDonateForm, ...v });
  return result.success ? [] : result.error.issues.map((i) => String(i.path[0]));
};
const valid: Partial<DonateFormValues> = { amount: '25', name: 'Ani Sargsyan', email: 'ani@example.org' };

describe('the donation amount', () => {
  it('is 100 times the rounded pounds', () => {
    expect(amountPence('25')).toBe(2500);
    expect(amountPence('£25.49')).toBe(2500);
    expect(amountPence('25.5')).toBe(2600);
    expect(amountPence('1,000')).toBe(100000);
    expect(amountPence('')).toBeNull();
    expect(amountPence('abc')).toBeNull();
    expect(amountPence('-5')).toBeNull();
  });

  it('must be at least £1 after rounding', () => {
    expect(errorsOf({ ...valid, amount: '0.49' })).toEqual(['amount']);
    expect(errorsOf({ ...valid, amount: '0.5' })).toEqual([]);
    expect(errorsOf({ ...valid, amount: '10001' })).toEqual(['amount']);
  });

  it('adds 25% with Gift Aid', () => {
    expect(giftAidBoost(2500)).toBe(625);
  });
});

describe('docs/product.md section 5: the donation form', () => {
  it('needs a name unless Anonymous, and always an e-mail', () => {
    expect(errorsOf(valid)).toEqual([]);
    expect(errorsOf({ ...valid, name: ' ' })).toEqual(['name']);
    expect(errorsOf({ ...valid, name: '', anonymous: true })).toEqual([]);
    expect(errorsOf({ ...valid, email: '' })).toEqual(['email']);
  });

  it('checks the Gift Aid declaration only when asked for and not anonymous', () => {
    expect(errorsOf({ ...valid, gift_aid: true }).sort()).toEqual([
      'ga_confirmed',
      'ga_first_name',
      'ga_house',
      'ga_last_name',
      'ga_postcode',
    ]);
    expect(errorsOf({ ...valid, gift_aid: true, anonymous: true })).toEqual([]);
    const declared = { ...valid, gift_aid: true, ga_first_name: 'Ani', ga_last_name: 'Sargsyan', ga_house: '1', ga_confirmed: true };
    expect(errorsOf({ ...declared, ga_non_uk: true })).toEqual([]);
    expect(errorsOf({ ...declared, ga_postcode: 'SW1A 1AA' })).toEqual([]);
  });

  it('sends the name as null when anonymous, and Gift Aid only when offered', () => {
    const form = {
      ...emptyDonateForm,
      ...valid,
      gift_aid: true,
      ga_first_name: 'Ani',
      ga_last_name: 'Sargsyan',
      ga_house: '1',
      ga_postcode: 'SW1A 1AA',
      ga_confirmed: true,
    };
    expect(toProceedRequest({ ...form, anonymous: true }, true)).toEqual({ amount: 2500, name: null, email: 'ani@example.org' });
    expect(toProceedRequest(form, false)).toEqual({ amount: 2500, name: 'Ani Sargsyan', email: 'ani@example.org' });
    expect(toProceedRequest({ ...form, ga_scope: 'all' }, true).gift_aid).toMatchObject({
      postcode: 'SW1A 1AA',
      non_uk: false,
      past_and_future: true,
      confirmed: true,
    });
    expect(toProceedRequest({ ...form, ga_non_uk: true }, true).gift_aid).toMatchObject({ postcode: null, non_uk: true });
  });
});
