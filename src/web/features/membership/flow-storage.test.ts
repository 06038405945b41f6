import { describe, expect, it } from 'vitest';
import { withoutPassword } from './flow-storage';

describe('the stored registration step', () => {
  it('never keeps the password', () => {
    const kept = withoutPassword({ tier_index: 0, first_name: 'Anna', plain_pw: 'secret-123', grad_year: null, nested: { a: 1 } });
    expect(kept).toEqual({ tier_index: 0, first_name: 'Anna', grad_year: null });
    expect(JSON.stringify(kept)).not.toContain('secret');
  });
});
