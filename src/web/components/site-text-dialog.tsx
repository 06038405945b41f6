import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { blanksText } from '../../shared/api/empty-text';
import { setStringRequest, siteTextApi } from '../../shared/api/site-text';
import { isDefaultSiteTextKey, siteTextDefaults } from '../../shared/domain/site-text';
import { isTranslatedKey } from '../../shared/domain/site-text-languages';
import { textArea } from '../../shared/domain/site-text-areas';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { apiRequest, errorMessage } from '../lib/api';
import { useSiteText } from '../lib/site-text';

export interface SiteTextDialogProps {
  /** The text's key; several when the same words are drawn from more than one key. */
  keys: SiteTextKey[];
  open: boolean;
  onClose: () => void;
  onExited: () => void;
}

/** The admin's prompt: the key, its current value to change, Cancel and Save. */
export function SiteTextDialog({ keys, open, onClose, onExited }: SiteTextDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="site-text-editor-title"
      slotProps={{ transition: { onExited } }}
      // The editing tools' own words are not targets of a right-click.
      data-site-text-ui=""
    >
      {/* Keyed so other keys start from their own current value. */}
      <SiteTextForm key={keys.join(' ')} keys={keys} onDone={onClose} />
    </Dialog>
  );
}

function SiteTextForm({ keys, onDone }: { keys: SiteTextKey[]; onDone: () => void }) {
  const { peek, refresh, language: pageLanguage } = useSiteText();
  const [textKey, setTextKey] = useState(keys[0]!);
  const [value, setValue] = useState(() => peek(keys[0]!));
  const [invalid, setInvalid] = useState<string | null>(null);
  const fieldId = useId();
  const chooserId = useId();
  const restoreId = useId();

  // An empty text would vanish, leaving nothing to right-click: Save puts the default back instead.
  const restoring = blanksText(textKey, value);
  const save = useMutation({
    mutationFn: async (request: { key: string; value: string }) => {
      // The text in the language of the page being viewed; one shared by both languages (an address) in the one value it has (decision 150).
      const language =
        pageLanguage === 'hy' && isDefaultSiteTextKey(request.key) && isTranslatedKey(request.key) ? { lang: pageLanguage } : {};
      if (blanksText(request.key, request.value)) await apiRequest(siteTextApi.reset, { body: { key: request.key, ...language } });
      else await apiRequest(siteTextApi.setString, { body: { ...request, ...language } });
      await refresh();
    },
    onSuccess: onDone,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = setStringRequest.safeParse({ key: textKey, value });
    if (!request.success) {
      setInvalid(request.error.issues[0]?.message ?? peek('error.generic'));
      return;
    }
    setInvalid(null);
    save.mutate(request.data);
  }

  const error = invalid ?? (save.isError ? errorMessage(save.error, peek('error.generic')) : null);

  return (
    // The dialog opens over any page, outside the router: the page it is on is the form's action (decision 085).
    <form method="post" action={window.location.pathname} onSubmit={onSubmit} noValidate>
      <DialogTitle id="site-text-editor-title">
        {peek('site_text.prompt')}
        <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block', mt: 0.5 }}>
          {peek('site_text.key')}:{' '}
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
        {keys.length > 1 && (
          <>
            <Typography id={chooserId} sx={{ mb: 0.5 }}>
              {peek('site_text.which_key')}
            </Typography>
            <RadioGroup
              aria-labelledby={chooserId}
              value={textKey}
              onChange={(event) => {
                const next = event.target.value as SiteTextKey;
                setTextKey(next);
                setValue(peek(next));
              }}
              sx={{ mb: 1.5 }}
            >
              {keys.map((key) => (
                <FormControlLabel
                  key={key}
                  value={key}
                  control={<Radio size="small" />}
                  label={
                    <span>
                      <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                        {key}
                      </Typography>{' '}
                      <Typography component="span" variant="body2" color="textSecondary">
                        ({textArea(key).where})
                      </Typography>
                    </span>
                  }
                />
              ))}
            </RadioGroup>
          </>
        )}
        <TextField
          id={fieldId}
          label={peek('site_text.value')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          multiline
          minRows={3}
          maxRows={14}
          fullWidth
          autoFocus
          margin="dense"
          slotProps={{ htmlInput: { 'aria-describedby': restoring ? restoreId : undefined } }}
        />
        {restoring && (
          <Alert id={restoreId} severity="info" sx={{ mt: 1 }}>
            {peek('site_text.empty_restores').replace('{default}', siteTextDefaults[textKey])}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onDone} disabled={save.isPending}>
          {peek('site_text.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {peek(restoring ? 'site_text.restore_default' : 'site_text.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
