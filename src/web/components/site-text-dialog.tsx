import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { setStringRequest, siteTextApi } from '../../shared/api/site-text';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { apiRequest, errorMessage } from '../lib/api';
import { useSiteText } from '../lib/site-text';

export interface SiteTextDialogProps {
  textKey: SiteTextKey;
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}

/** The admin's prompt: the key, its current value to change, Cancel and Save. */
export function SiteTextDialog({ textKey, open, onClose, onExited }: SiteTextDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="site-text-editor-title"
      slotProps={{ transition: { onExited } }}
    >
      {/* Keyed so a new key starts from its own current value. */}
      <SiteTextForm key={textKey} textKey={textKey} onDone={onClose} />
    </Dialog>
  );
}

function SiteTextForm({ textKey, onDone }: { textKey: SiteTextKey; onDone: () => void }) {
  const { t, refresh } = useSiteText();
  const [value, setValue] = useState(() => t(textKey));
  const [invalid, setInvalid] = useState<string | null>(null);
  const fieldId = useId();

  const save = useMutation({
    mutationFn: async (request: { key: string; value: string }) => {
      await apiRequest(siteTextApi.setString, { body: request });
      await refresh();
    },
    onSuccess: onDone,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = setStringRequest.safeParse({ key: textKey, value });
    if (!request.success) {
      setInvalid(request.error.issues[0]?.message ?? t('error.generic'));
      return;
    }
    setInvalid(null);
    save.mutate(request.data);
  }

  const error = invalid ?? (save.isError ? errorMessage(save.error, t('error.generic')) : null);

  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogTitle id="site-text-editor-title">
        {t('site_text.prompt')}
        <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block', mt: 0.5 }}>
          {t('site_text.key')}:{' '}
          <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, color: 'text.primary' }}>
            {textKey}
          </Typography>
        </Typography>
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          id={fieldId}
          label={t('site_text.value')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          multiline
          minRows={3}
          maxRows={14}
          fullWidth
          autoFocus
          margin="dense"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onDone} disabled={save.isPending}>
          {t('site_text.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('site_text.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
