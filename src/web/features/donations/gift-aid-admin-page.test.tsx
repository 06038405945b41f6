import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { donationsApi, giftAidDetails, type giftAidDeclarationRecord } from '../../../shared/api/donations';
import { scheduleProblems } from '../../../shared/domain/gift-aid-schedule';
import { FakeApi } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { GiftAidAdminPage } from './gift-aid-admin-page';

const stored: Omit<z.infer<typeof giftAidDeclarationRecord>, 'problems'> = {
  _id: 'd1',
  donation_id: 'don1',
  title: 'Professor',
  first_name: 'Անի',
  last_name: 'Petrosyan',
  house: '12',
  postcode: 'N1 1AA',
  non_uk: false,
  past_and_future: false,
  wording_version: 'hmrc-model-2024-1',
  declared_at: '2026-11-20T10:00:00.000Z',
  cancelled_at: null,
  amount: 2500,
  donation_status: 'completed',
};

describe('the Gift Aid page', () => {
  it('flags a declaration HMRC would refuse, and the admin corrects it by the same rules as the donate form', async () => {
    let declaration: z.infer<typeof giftAidDeclarationRecord> = { ...stored, problems: scheduleProblems(stored) };
    const api = new FakeApi()
      .on(donationsApi.config, { gift_aid_available: true, charity_number: '1234567', wording_version: 'hmrc-model-2024-1' })
      .on(donationsApi.declarations, () => [declaration])
      .on(donationsApi.correctDeclaration, (request) => {
        const details = giftAidDetails.parse(request.json);
        declaration = { ...declaration, ...details, problems: scheduleProblems(details) };
        return declaration;
      });
    const { user } = renderPage(<GiftAidAdminPage />, { api, signedInAs: 'admin' });

    const table = await screen.findByRole('table');
    expect(within(table).getByText('Needs correcting')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Declarations needing correction: 1.');

    await user.click(screen.getByRole('button', { name: 'Correct the declaration of Professor Անի Petrosyan' }));
    const dialog = screen.getByRole('dialog', { name: 'Correct for HMRC' });
    // Each problem shows at its field from the start.
    expect(within(dialog).getByRole('textbox', { name: 'Title (optional: Mr, Mrs, Ms, Dr)' })).toHaveAccessibleDescription(
      /2 to 4 letters/,
    );
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(/Latin letters/);

    // Still wrong: refused in the page, nothing sent.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title (optional: Mr, Mrs, Ms, Dr)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title (optional: Mr, Mrs, Ms, Dr)' }), 'Prof');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(/Latin letters/);
    expect(api.changes()).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'First name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Ani');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Needs correcting')).not.toBeInTheDocument();
    expect(api.callsTo(donationsApi.correctDeclaration).map((call) => call.json)).toEqual([
      { title: 'Prof', first_name: 'Ani', last_name: 'Petrosyan', house: '12', postcode: 'N1 1AA', non_uk: false },
    ]);
  });
});
