import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { useWords } from '../../../lib/words';
import { useFormats } from '../use-formats';
import { useVerifyCertificate } from './event-admin-api';
import { eventAdminWords } from './event-admin-words';
import { useFormAction } from '../../../lib/form-outcome';

/** Someone shows a certificate: its number says whose it is, for which event, and whether it still stands. */
export function CertificateCheck() {
  const w = useWords(eventAdminWords);
  const format = useFormats();
  const hours = (minutes: number | null) => (minutes === null ? w.noCpdHours : w.cpd(minutes / 60));
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
        aria-label={w.certificateTitle}
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = number.trim();
          setMissing(!wanted);
          if (wanted) verify.mutate(wanted);
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          label={w.certificateNumber}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={missing}
          helperText={missing ? w.enterNumber : undefined}
          slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'off', spellCheck: 'false' } }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <Button type="submit" variant="outlined" loading={verify.isPending} sx={{ minHeight: 56 }}>
          {w.verify}
        </Button>
      </Box>
      <Box role="status" sx={{ mt: 2 }}>
        {found &&
          (found.attended_at ? (
            <Alert severity="success">
              {w.genuine(
                found.certificate_number,
                found.name,
                found.email,
                found.event.title,
                format.eventDate(found.event.date),
                hours(found.cpd_minutes),
                format.dateTime(found.attended_at),
              )}
            </Alert>
          ) : (
            <Alert severity="warning">{w.takenBack(found.certificate_number, found.name, found.email, found.event.title)}</Alert>
          ))}
        {unknown && <Alert severity="error">{w.noSuchCertificate(verify.variables ?? '')}</Alert>}
        {verify.isError && !unknown && <Alert severity="error">{errorMessage(verify.error, w.checkFailed)}</Alert>}
      </Box>
    </Box>
  );
}
