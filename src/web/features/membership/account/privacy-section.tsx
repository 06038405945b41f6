import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { accountApi } from '../../../../shared/api/account';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, errorMessage } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';
import { clearSession } from '../../../lib/session';
import { useSiteText } from '../../../lib/site-text';
import { formatLongDate } from '../membership-format';
import { useConsent, useSetConsent } from './account-api';

/** Consent to news by e-mail, a copy of one's data, and erasure. */
export function PrivacySection() {
  const { t, language } = useSiteText();
  const consent = useConsent();
  const setConsent = useSetConsent();
  const [exportError, setExportError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const erase = useMutation({
    mutationFn: () => apiRequest(accountApi.delete, { body: { password } }),
    // Signed out: the profile's guard takes the visitor to the sign-in page.
    onSuccess: () => clearSession(),
  });

  const state = consent.data;
  return (
    <Panel labelledBy="account-privacy">
      <PanelTitle id="account-privacy" k="profile.privacy_title" />
      <Stack spacing={3}>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={state?.news_email ?? false}
                disabled={!state || setConsent.isPending}
                onChange={(event) => setConsent.mutate(event.target.checked)}
              />
            }
            label={t('privacy.news_consent')}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
            {state?.news_email
              ? t('profile.consent_on').replace('{date}', formatLongDate(state.changed_at?.slice(0, 10), language))
              : t('profile.consent_off')}
          </Typography>
          {setConsent.isError && <Alert severity="error">{errorMessage(setConsent.error, t('error.generic'))}</Alert>}
        </Box>
        <Box>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => {
              setExportError(null);
              downloadFile(accountApi.export, {}, 'my-data.json').catch((error: unknown) =>
                setExportError(errorMessage(error, t('profile.download_failed'))),
              );
            }}
          >
            {t('profile.export')}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('profile.export_hint')}
          </Typography>
          {exportError && <Alert severity="error">{exportError}</Alert>}
        </Box>
        <Box>
          <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setConfirming(true)}>
            {t('profile.delete')}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('profile.delete_hint')}
          </Typography>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        question={t('profile.delete_question')}
        details={t('profile.delete_details')}
        confirmLabel={t('profile.delete_confirm')}
        pending={erase.isPending}
        error={erase.isError ? errorMessage(erase.error, t('error.generic')) : null}
        onConfirm={() => erase.mutate()}
        onClose={() => {
          setConfirming(false);
          setPassword('');
          erase.reset();
        }}
      >
        <TextField
          label={t('profile.current_password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          fullWidth
          sx={{ mt: 1 }}
        />
      </ConfirmDialog>
    </Panel>
  );
}
