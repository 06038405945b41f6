import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { AccountSecurity, PasskeyInfo } from '../../../../shared/api/second-factor';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, errorMessage } from '../../../lib/api';
import { formatShortDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSiteText } from '../../../lib/site-text';
import { addPasskey, browserHasPasskeys } from '../second-factor-api';
import { secondFactorApi, securityKey, sessionsKey } from '../../../lib/account-security';
import { PasskeyRename } from './passkey-rename';
import { PasswordConfirm } from './password-confirm';
import { useFormAction } from '../../../lib/form-outcome';

/** The account's passkeys with name, when added and last used, removal; and adding one on this device. */
export function PasskeysPanel({ security }: { security: AccountSecurity }) {
  const formAction = useFormAction();
  const { t, language } = useSiteText();
  const session = useSession();
  const client = useQueryClient();
  const [name, setName] = useState(t('security.passkey_name_default'));
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const [renaming, setRenaming] = useState<PasskeyInfo | null>(null);
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void browserHasPasskeys().then((yes) => live && setSupported(yes));
    return () => {
      live = false;
    };
  }, []);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: securityKey(session?.username) }),
      client.invalidateQueries({ queryKey: sessionsKey(session?.username) }),
    ]);
  const add = useMutation({ mutationFn: () => addPasskey(name.trim()), onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };

  return (
    <Panel labelledBy="security-passkeys">
      <PanelTitle id="security-passkeys" k="security.passkeys_title" />
      <Stack spacing={2.5}>
        <Typography color="textSecondary">{t('security.passkeys_intro')}</Typography>
        {security.passkeys.length === 0 ? (
          <Typography>{t('security.passkeys_none')}</Typography>
        ) : (
          <List aria-labelledby="security-passkeys" disablePadding>
            {security.passkeys.map((key) => (
              // The buttons sit beside the words where there is room and under them on a phone
              // (a list item's secondary action would lie over the dates).
              <ListItem key={key._id} divider disableGutters sx={{ flexWrap: 'wrap', columnGap: 2 }}>
                <ListItemText
                  sx={{ flex: '1 1 14rem' }}
                  primary={key.name}
                  secondary={`${t('security.passkey_created')} ${formatShortDateTime(key.created_at, language)} · ${t('security.passkey_last_used')} ${
                    key.last_used_at ? formatShortDateTime(key.last_used_at, language) : t('security.passkey_never')
                  }`}
                />
                <Stack direction="row" spacing={1}>
                  <Button onClick={() => setRenaming(key)} aria-label={`${t('security.rename')} ${key.name}`}>
                    {t('security.rename')}
                  </Button>
                  <Button color="error" onClick={() => setRemoving(key)} aria-label={`${t('security.remove')} ${key.name}`}>
                    {t('security.remove')}
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
        {!security.passkeys_available ? (
          <Alert severity="info">{t('security.passkeys_unavailable')}</Alert>
        ) : supported === false ? (
          <Alert severity="info">{t('security.passkeys_unsupported')}</Alert>
        ) : (
          <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
            <Stack spacing={2}>
              {add.isError && <Alert severity="error">{errorMessage(add.error, t('security.passkey_failed'))}</Alert>}
              {add.isSuccess && (
                <Alert severity="success" role="status">
                  {t('security.passkey_added')}
                </Alert>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField
                  label={t('security.passkey_name')}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 60 } }}
                  required
                  size="small"
                />
                <Button type="submit" variant="contained" loading={add.isPending} disabled={!name.trim()}>
                  {t('security.passkey_add')}
                </Button>
              </Stack>
            </Stack>
          </Box>
        )}
      </Stack>
      {renaming && (
        <PasskeyRename
          key={renaming._id}
          passkey={renaming}
          onDone={() => {
            setRenaming(null);
            void refresh();
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      <PasswordConfirm
        open={removing !== null}
        question={t('security.remove_passkey_question').replace('{name}', removing?.name ?? '')}
        details={t('security.remove_details')}
        confirmLabel={t('security.remove')}
        action={(password) => apiRequest(secondFactorApi.passkeyRemove, { params: { id: removing!._id }, body: { password } })}
        onDone={() => {
          setRemoving(null);
          void refresh();
        }}
        onClose={() => setRemoving(null)}
      />
    </Panel>
  );
}
