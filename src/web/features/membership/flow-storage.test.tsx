import { afterEach, describe, expect, it } from 'vitest';
import { FLOW_KEYS, readRegisterStepOne, saveRegisterStepOne, withoutPassword } from './flow-storage';

describe('the stored registration step', () => {
  afterEach(() => sessionStorage.clear());

  it('never keeps the password', () => {
    const kept = withoutPassword({ tier_index: 0, first_name: 'Anna', plain_pw: 'secret-123', grad_year: null, nested: { a: 1 } });
    expect(kept).toEqual({ tier_index: 0, first_name: 'Anna', grad_year: null });
    expect(JSON.stringify(kept)).not.toContain('secret');
  });

  it('reads back what step one kept, without the password', () => {
    saveRegisterStepOne({ tier_index: 1, first_name: 'Anna', plain_pw: 'secret-123', grad_year: null, news_email: true });
    expect(readRegisterStepOne()).toEqual({ tier_index: 1, first_name: 'Anna', grad_year: null });
  });

  it('counts anything else kept under its key as nothing (edited by hand, or by an older version)', () => {
    for (const kept of ['[1,2]', '"Anna"', '{"first_name":{"a":1}}', '{"news_email":true}', 'not json', 'null']) {
      sessionStorage.setItem(FLOW_KEYS.registerStepOne, kept);
      expect(readRegisterStepOne(), kept).toBeUndefined();
    }
  });
});
