import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSiteText } from '../../../lib/site-text';

/** Freshly made recovery codes, shown this once; the person says when they have kept them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useSiteText();
  return (
    <Stack spacing={2} role="region" aria-label={t('security.recovery_title')}>
      <Alert severity="warning">{t('security.recovery_show')}</Alert>
      <Box
        component="ol"
        aria-label={t('security.recovery_title')}
        sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, m: 0, pl: 4, '& li': { py: 0.25 } }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box>
        <Button variant="contained" onClick={onDone}>
          {t('security.recovery_done')}
        </Button>
      </Box>
    </Stack>
  );
}
