import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { secondFactorApi } from '../../../../shared/api/second-factor';
import { FakeApi } from '../../../testing/fake-api';
import { renderPage } from '../../../testing/render';
import { SecurityPage } from './security-page';

const security = {
  totp: false,
  passkeys: [{ _id: 'key1', name: 'Work laptop', created_at: '2026-11-20T10:00:00Z', last_used_at: null, backed_up: false }],
  recovery_codes_left: 0,
  staff: { applies: true, blocked: true, grace_until: null },
  passkeys_available: true,
};
const session = (id: string, current: boolean, device: string) => ({
  _id: id,
  device,
  place: current ? 'Local network' : null,
  method: 'password',
  created_at: '2026-11-21T09:00:00Z',
  last_used_at: '2026-11-21T11:00:00Z',
  current,
});

describe('the Sign-in and security page', () => {
  it('tells staff without a factor why, lists passkeys and sessions, and ends the other sessions', async () => {
    let others = true;
    const api = new FakeApi()
      .on(secondFactorApi.security, security)
      .on(secondFactorApi.sessions, () => ({
        items: [session('s1', true, 'Firefox on Linux'), ...(others ? [session('s2', false, 'Safari on iOS')] : [])],
      }))
      .on(secondFactorApi.endOtherSessions, () => {
        others = false;
        return { ended: 1 };
      });
    const page = renderPage(<SecurityPage />, { route: '/profile/security', api, signedInAs: 'admin' });
    expect(await screen.findByText(/Your role as admin needs a second factor before you can use it/)).toBeInTheDocument();
    expect(screen.getByText('Work laptop')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Where you are signed in' });
    expect(within(table).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(table).getByText('This device')).toBeInTheDocument();
    expect(within(table).getByText('Not known')).toBeInTheDocument();

    await page.user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out of 1 other sessions.')).toBeInTheDocument();
    expect(await within(table).findByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(table).queryByText('Safari on iOS')).toBeNull();
  });

  it('renames a passkey, and shows the new name', async () => {
    let name = 'Work laptop';
    const api = new FakeApi()
      .on(secondFactorApi.security, () => ({ ...security, passkeys: [{ ...security.passkeys[0]!, name }] }))
      .on(secondFactorApi.sessions, { items: [session('s1', true, 'Firefox on Linux')] })
      .on(secondFactorApi.passkeyRename, ({ json }) => {
        name = (json as { name: string }).name;
        return { ...security.passkeys[0]!, name };
      });
    const page = renderPage(<SecurityPage />, { route: '/profile/security', api, signedInAs: 'member' });
    await page.user.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rename the passkey “Work laptop”' });
    const field = within(dialog).getByLabelText(/^Name of this passkey/);
    await page.user.clear(field);
    await page.user.type(field, 'Phone');
    await page.user.click(within(dialog).getByRole('button', { name: 'Save the name' }));
    expect(await screen.findByText('Phone')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(page.api.callsTo(secondFactorApi.passkeyRename).map((c) => c.json)).toEqual([{ name: 'Phone' }]);
  });

  it('sets up the authenticator app with its QR code and key, and shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
    const api = new FakeApi()
      .on(secondFactorApi.security, { ...security, staff: { applies: false, blocked: false, grace_until: null } })
      .on(secondFactorApi.sessions, { items: [session('s1', true, 'Firefox on Linux')] })
      .on(secondFactorApi.totpStart, {
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x?secret=J',
        qr_svg: '<svg></svg>',
      })
      .on(secondFactorApi.totpConfirm, { recovery_codes: codes });
    const page = renderPage(<SecurityPage />, { route: '/profile/security', api, signedInAs: 'member' });
    await page.user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await page.user.type(screen.getByLabelText(/^6-digit code/), '123456');
    await page.user.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(page.api.callsTo(secondFactorApi.totpConfirm).map((c) => c.json)).toEqual([{ code: '123456' }]);
    await page.user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });
});
