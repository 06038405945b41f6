import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formatEventDate } from '../../../../shared/domain/event-dates';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatShortDateTime } from '../../../lib/format';
import { useVerifyCertificate } from './event-admin-api';
import { useFormAction } from '../../../lib/form-outcome';

const hours = (minutes: number | null) => (minutes === null ? 'no CPD hours' : `${minutes / 60} CPD ${minutes === 60 ? 'hour' : 'hours'}`);

/** Someone shows a certificate: its number says whose it is, for which event, and whether it still stands. */
export function CertificateCheck() {
  const formAction = useFormAction();
  const verify = useVerifyCertificate();
  const [number, setNumber] = useState('');
  const [missing, setMissing] = useState(false);
  const found = verify.data;
  const unknown = verify.error instanceof ApiError && verify.error.status === 404;

  return (
    <Box>
      <Box
        component="form"
        method="post"
        action={formAction}
        noValidate
        role="search"
        aria-label="Verify a certificate number"
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = number.trim();
          setMissing(!wanted);
          if (wanted) verify.mutate(wanted);
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          label="Certificate number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={missing}
          helperText={missing ? 'Enter the number printed on the certificate' : undefined}
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off', spellCheck: 'false' } }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <Button type="submit" variant="outlined" loading={verify.isPending} sx={{ minHeight: 56 }}>
          Verify
        </Button>
      </Box>
      <Box role="status" sx={{ mt: 2 }}>
        {found &&
          (found.attended_at ? (
            <Alert severity="success">
              {found.certificate_number} is genuine: {found.name} ({found.email}) attended {found.event.title} on{' '}
              {formatEventDate(found.event.date)}, {hours(found.cpd_minutes)}; checked in {formatShortDateTime(found.attended_at)}.
            </Alert>
          ) : (
            <Alert severity="warning">
              {found.certificate_number} was given to {found.name} ({found.email}) for {found.event.title}, but their attendance has since
              been taken back: the certificate no longer stands.
            </Alert>
          ))}
        {unknown && <Alert severity="error">No such certificate: no certificate has the number {verify.variables}.</Alert>}
        {verify.isError && !unknown && (
          <Alert severity="error">{errorMessage(verify.error, 'The number could not be checked. Please try again.')}</Alert>
        )}
      </Box>
    </Box>
  );
}
