import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { useFormAction } from '../../lib/form-outcome';
import { useSiteText } from '../../lib/site-text';

/**
 * What the setup flow's two forms (the test provider's fields, Stripe's Payment Element) share:
 * the form posted to the page without the script (decision 085), what it says above the card, the
 * provider's refusal, and the save and cancel buttons.
 */
export function SaveCardFrame({
  introKey,
  submitKey,
  failure,
  saving,
  onSubmit,
  onCancel,
  children,
}: {
  introKey: SiteTextKey;
  submitKey: SiteTextKey;
  failure: string | null;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  return (
    <Box component="form" method="post" action={formAction} noValidate onSubmit={onSubmit} aria-label={t('card.details')}>
      <Stack spacing={2}>
        <Alert severity="info">{t(introKey)}</Alert>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {children}
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" loading={saving} startIcon={<LockIcon />}>
            {t(submitKey)}
          </Button>
          <Button onClick={onCancel}>{t('profile.cancel')}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
