import { describe, expect, it } from 'vitest';
import { accountDetails } from '../api/account';
import { tokenRequest } from '../api/accounts';
import { registrationForm, registrationRequest } from '../api/membership';
import { armenianMessage } from './messages-hy';

/** Every message a schema gives for a form filled in badly. */
function messagesOf(schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } }, values: object): string[] {
  return (schema.safeParse(values).error?.issues ?? []).map((issue) => issue.message);
}

describe('form messages in Armenian (decision 150)', () => {
  it('has an Armenian message for each a visitor or member can meet on the forms', () => {
    const blank = {
      tier_index: 'x',
      first_name: ' ',
      last_name: '',
      email: 'not mail',
      plain_pw: 'short',
      addr_line1: '',
      addr_city: '',
      addr_post: '',
      phone_no: 'abc',
      grad_year: 'soon',
    };
    const long = {
      ...blank,
      tier_index: 0,
      first_name: 'x'.repeat(101),
      email: `${'x'.repeat(250)}@example.org`,
      plain_pw: 'x'.repeat(1025),
      qualifications: 'x'.repeat(301),
    };
    const messages = new Set([
      ...messagesOf(registrationForm, blank),
      ...messagesOf(registrationRequest, blank),
      ...messagesOf(registrationForm, long),
      ...messagesOf(accountDetails, blank),
      ...messagesOf(tokenRequest, { username: '', password: '' }),
    ]);
    expect(messages.size).toBeGreaterThan(8);
    const untranslated = [...messages].filter((message) => !armenianMessage(message)?.match(/[\u0531-\u0587]/));
    expect(untranslated).toEqual([]);
  });

  it('fills in the numbers, and leaves a message it does not know alone', () => {
    expect(armenianMessage('At most 1,024 characters')).toBe('Առավելագույնը 1024 նիշ');
    expect(armenianMessage('Use at least 8 characters')).toBe('Օգտագործեք առնվազն 8 նիշ');
    expect(armenianMessage('Enter your first name')).toBe('Մուտքագրեք ձեր անունը');
    expect(armenianMessage('Enter your favourite colour')).toBeUndefined();
    expect(armenianMessage('Something else')).toBeUndefined();
  });
});
