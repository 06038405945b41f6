import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AccountSecurity, TotpStartResponse } from '../../../../shared/api/second-factor';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useSiteText } from '../../../lib/site-text';
import { secondFactorApi, securityKey, sessionsKey } from '../../../lib/account-security';
import { PasswordConfirm } from './password-confirm';
import { RecoveryCodes } from './recovery-codes';
import { useFormAction } from '../../../lib/form-outcome';

/** The authenticator app: set up by QR code or key and a first code, removed with the password; and the recovery codes. */
export function AuthenticatorPanel({ security }: { security: AccountSecurity }) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const session = useSession();
  const client = useQueryClient();
  const [setup, setSetup] = useState<TotpStartResponse | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'remove' | 'codes' | null>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: securityKey(session?.username) }),
      client.invalidateQueries({ queryKey: sessionsKey(session?.username) }),
    ]);

  const start = useMutation({ mutationFn: () => apiRequest(secondFactorApi.totpStart), onSuccess: setSetup });
  const confirm = useMutation({
    mutationFn: () => apiRequest(secondFactorApi.totpConfirm, { body: { code: code.trim() } }),
    onSuccess: async ({ recovery_codes }) => {
      setSetup(null);
      setCode('');
      setCodes(recovery_codes);
      await refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };

  return (
    <Panel labelledBy="security-totp">
      <PanelTitle id="security-totp" k="security.totp_title" />
      <Stack spacing={2.5}>
        <Typography color="textSecondary">{t('security.totp_intro')}</Typography>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : security.totp ? (
          <Alert severity="success">{t('security.totp_on')}</Alert>
        ) : setup ? (
          <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
            <Stack spacing={2.5}>
              <Typography>{t('security.totp_scan')}</Typography>
              {/* Drawn by the server from the otpauth address: no third party sees the secret. */}
              <Box
                component="img"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
                alt={t('security.totp_qr_alt')}
                sx={{ width: 200, height: 200, bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1 }}
              />
              <Typography component="p">
                {t('security.totp_key')}:{' '}
                <Box component="code" sx={{ fontSize: '1rem', wordBreak: 'break-all' }} data-testid="totp-secret">
                  {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
                </Box>
              </Typography>
              {confirm.isError && <Alert severity="error">{errorMessage(confirm.error, t('error.generic'))}</Alert>}
              <TextField
                label={t('security.totp_code')}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                required
                sx={{ maxWidth: 240 }}
              />
              <Stack direction="row" spacing={1.5}>
                <Button type="submit" variant="contained" loading={confirm.isPending}>
                  {t('security.totp_confirm')}
                </Button>
                <Button onClick={() => setSetup(null)}>{t('security.totp_cancel')}</Button>
              </Stack>
            </Stack>
          </Box>
        ) : (
          <Box>
            {start.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorMessage(start.error, t('error.generic'))}
              </Alert>
            )}
            <Button variant="contained" loading={start.isPending} onClick={() => start.mutate()}>
              {t('security.totp_setup')}
            </Button>
          </Box>
        )}
        {security.totp && !codes && (
          <Box>
            <Button color="error" variant="outlined" onClick={() => setAsking('remove')}>
              {t('security.remove')}
            </Button>
          </Box>
        )}

        {(security.totp || security.passkeys.length > 0) && !codes && (
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
              {t('security.recovery_title')}
            </Typography>
            <Typography sx={{ mb: 1.5 }}>{t('security.recovery_left').replace('{count}', String(security.recovery_codes_left))}</Typography>
            <Button variant="outlined" onClick={() => setAsking('codes')}>
              {t('security.recovery_new')}
            </Button>
          </Box>
        )}
      </Stack>

      <PasswordConfirm
        open={asking === 'remove'}
        question={t('security.totp_remove_question')}
        details={t('security.remove_details')}
        confirmLabel={t('security.remove')}
        action={(password) => apiRequest(secondFactorApi.totpRemove, { body: { password } })}
        onDone={() => {
          setAsking(null);
          void refresh();
        }}
        onClose={() => setAsking(null)}
      />
      <PasswordConfirm
        open={asking === 'codes'}
        question={t('security.recovery_new_question')}
        details={t('security.recovery_new_details')}
        confirmLabel={t('security.recovery_new')}
        destructive={false}
        action={(password) => apiRequest(secondFactorApi.recoveryCodes, { body: { password } })}
        onDone={({ recovery_codes }) => {
          setAsking(null);
          setCodes(recovery_codes);
          void refresh();
        }}
        onClose={() => setAsking(null)}
      />
    </Panel>
  );
}
