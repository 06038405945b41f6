import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminApi, MEMBER_SEARCH_COUNT_MAX, type MemberRow } from '../../../shared/api/admin';
import { FakeApi } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { MembersPage } from './members-page';

const row = (n: number): MemberRow => ({
  _id: `m${n}`,
  first_name: 'Ani',
  last_name: `Petrosyan${n}`,
  email: `ani${n}@example.org`,
  role: 'member',
  tier_index: 0,
  tier_name: null,
  registered_date: '2026-01-01',
  expiry_date: '2027-01-01',
  status: 'active',
});

describe("the admin's members search with more matches than it counts", () => {
  it('says "more than" and pages on by cursor to the last page, which gives the real end', async () => {
    const pages: string[] = [];
    const api = new FakeApi().on(adminApi.members, (request) => {
      pages.push(request.query.get('after') ?? 'first');
      // The last page (reached by its cursor): fewer rows and no next cursor.
      if (request.query.get('after') === 'c1')
        return {
          items: [row(25), row(26)],
          total: MEMBER_SEARCH_COUNT_MAX,
          total_capped: true,
          page: 2,
          page_size: 25,
          next_cursor: null,
          prev_cursor: 'c0',
        };
      return {
        items: Array.from({ length: 25 }, (_, i) => row(i)),
        total: MEMBER_SEARCH_COUNT_MAX,
        total_capped: true,
        page: 1,
        page_size: 25,
        next_cursor: 'c1',
        prev_cursor: null,
      };
    });
    renderPage(<MembersPage />, { signedInAs: 'admin', api, route: '/admin/members', url: '/admin/members?q=petro' });
    expect(await screen.findByText('More than 1000 members match these filters')).toBeInTheDocument();
    expect(screen.getByText('1–25 of more than 25')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: /next page/i });
    expect(next).toBeEnabled();
    await userEvent.click(next);
    const table = await screen.findByRole('region', { name: 'Members' });
    expect(await within(table).findByRole('row', { name: /Petrosyan26/ })).toBeInTheDocument();
    expect(screen.getByText('26–27 of 27')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /next page/i })).toBeDisabled();
    expect(pages).toEqual(['first', 'c1']);
  });

  it('says so in Armenian too', async () => {
    const api = new FakeApi().on(adminApi.members, {
      items: Array.from({ length: 25 }, (_, i) => row(i)),
      total: MEMBER_SEARCH_COUNT_MAX,
      total_capped: true,
      page: 1,
      page_size: 25,
      next_cursor: 'c1',
      prev_cursor: null,
    });
    renderPage(<MembersPage />, { signedInAs: 'admin', api, language: 'hy', route: '/admin/members', url: '/admin/members?q=petro' });
    expect(await screen.findByText('Այս զտիչներին համապատասխանում է ավելի քան 1000 անդամ')).toBeInTheDocument();
    expect(screen.getByText('1–25՝ 25-ից ավելի')).toBeInTheDocument();
  });
});
