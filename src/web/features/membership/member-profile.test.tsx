import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberInfo } from '../../../shared/api/membership';
import { renderPage } from '../../testing/render';
import { MemberProfile } from './profile-page';

const member = (last_renewed_date: string): MemberInfo => ({
  first_name: 'Ani',
  last_name: 'Petrosyan',
  email: 'ani@example.org',
  registered_date: '2026-11-26',
  last_renewed_date,
  tier_index: 0,
  role: 'member',
  latest_period: { start: last_renewed_date, end: '2028-11-26' },
  language: 'en',
});

describe('the membership on My Profile', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-15T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('after an early renewal says when the current year started and ends, and the year paid ahead; never a date to come as "renewed"', () => {
    renderPage(<MemberProfile info={member('2027-11-26')} />, { signedInAs: 'member' });
    expect(screen.getByTestId('profile-current-period')).toHaveTextContent('26 November 2026 – 26 November 2027');
    expect(screen.getByTestId('profile-next-period')).toHaveTextContent('26 November 2027 – 26 November 2028');
    expect(screen.getByTestId('profile-expiry')).toHaveTextContent('26 November 2028');
    expect(screen.queryByText(/Last renewed/)).toBeNull();
    expect(screen.getByText('Current membership year')).toBeInTheDocument();
  });

  it('shows only the current year when nothing is paid ahead, and the end once it has passed', () => {
    const { unmount } = renderPage(<MemberProfile info={member('2026-11-26')} />, { signedInAs: 'member' });
    expect(screen.getByTestId('profile-current-period')).toHaveTextContent('26 November 2026 – 26 November 2027');
    expect(screen.queryByTestId('profile-next-period')).toBeNull();
    unmount();
    renderPage(<MemberProfile info={member('2025-06-01')} />, { signedInAs: 'member' });
    expect(screen.queryByTestId('profile-current-period')).toBeNull();
    expect(screen.getByText('Ended on')).toBeInTheDocument();
    expect(screen.getByTestId('profile-expiry')).toHaveTextContent('1 June 2026');
  });
});
