import { describe, expect, it } from 'vitest';
import { formatLongDate } from './membership-format';

describe('membership dates', () => {
  it('shows calendar dates in en-GB without shifting the day', () => {
    expect(formatLongDate('2026-12-05')).toBe('5 December 2026');
    expect(formatLongDate('2027-01-01')).toBe('1 January 2027');
    expect(formatLongDate(null)).toBe('—');
  });

  it('shows them in Armenian on an Armenian page', () => {
    expect(formatLongDate('2026-12-05', 'hy')).toBe('5 դեկտեմբերի, 2026 թ.');
    expect(formatLongDate('2026-12-05T10:00:00.000Z', 'hy')).toBe('5 դեկտեմբերի, 2026 թ.');
  });
});
