import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { Ref } from 'react';
import { useSiteText } from '../../../lib/site-text';

/** "Renew automatically each year", at joining and at renewal (decision 140); unticked unless the member ticks it. */
export function AutoRenewCheckbox({
  checked,
  onChange,
  inputRef,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
}) {
  const { t } = useSiteText();
  return (
    <div>
      <FormControlLabel
        control={
          <Checkbox
            name="auto_renew"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { ref: inputRef, 'aria-describedby': 'auto-renew-hint' } }}
          />
        }
        label={t('auto_renew.checkbox')}
      />
      <FormHelperText id="auto-renew-hint" error={Boolean(error)} sx={{ mt: 0, ml: 4 }}>
        {error ?? t('auto_renew.checkbox_hint')}
      </FormHelperText>
    </div>
  );
}
