import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { PasskeyInfo } from '../../../../shared/api/second-factor';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiRequest, errorMessage } from '../../../lib/api';
import { useSiteText } from '../../../lib/site-text';
import { secondFactorApi } from '../../../lib/account-security';

/** Gives a passkey a new name (the device it lives on, say), so the list tells them apart. */
export function PasskeyRename({ passkey, onDone, onClose }: { passkey: PasskeyInfo; onDone: () => void; onClose: () => void }) {
  const { t } = useSiteText();
  const [name, setName] = useState(passkey.name);
  const rename = useMutation({
    mutationFn: () => apiRequest(secondFactorApi.passkeyRename, { params: { id: passkey._id }, body: { name } }),
    onSuccess: onDone,
  });
  return (
    <ConfirmDialog
      open
      question={t('security.rename_passkey_question').replace('{name}', passkey.name)}
      confirmLabel={t('security.rename_save')}
      destructive={false}
      pending={rename.isPending}
      error={rename.isError ? errorMessage(rename.error, t('error.generic')) : null}
      onConfirm={() => rename.mutate()}
      onClose={onClose}
    >
      <TextField
        label={t('security.passkey_name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 60 } }}
        required
        fullWidth
        sx={{ mt: 2 }}
      />
    </ConfirmDialog>
  );
}
