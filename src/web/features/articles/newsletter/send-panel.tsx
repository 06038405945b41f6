import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { NewsletterView } from '../../../../shared/api/newsletters';
import { fromLondonLocal, isLondonLocal } from '../../../../shared/domain/london-time';
import { errorMessage } from '../../../lib/api';
import { formatShortDateTime } from '../../../lib/format';
import { useNewsletterAction } from './newsletter-api';

const STATUS: Record<NewsletterView['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  queueing: 'Being queued',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** The test, sending now or at a time, cancelling, and the progress with the failures. */
export function SendPanel({ newsletter }: { newsletter: NewsletterView }) {
  const action = useNewsletterAction(newsletter._id);
  const [at, setAt] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const { counts } = newsletter;
  const started = newsletter.status !== 'draft' && newsletter.status !== 'scheduled';
  const run = (which: Parameters<typeof action.mutate>[0], done: string) => {
    setNotice(null);
    action.mutate(which, { onSuccess: () => setNotice(done) });
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="send-title" sx={{ p: 2.5, mb: 3 }}>
      <Typography id="send-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        Status: {STATUS[newsletter.status]}
        {newsletter.status === 'scheduled' && newsletter.scheduled_at ? `, for ${formatShortDateTime(newsletter.scheduled_at)}` : ''}
      </Typography>
      {started && (
        <Box role="status" sx={{ mb: 2 }}>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}>
            {(
              [
                ['Queued', counts.recipients],
                ['Sent', counts.sent],
                ['Waiting', counts.waiting],
                ['Failed', counts.failed],
                ['Cancelled', counts.cancelled],
                ['Left out', counts.excluded],
              ] as const
            ).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <dt>{label}</dt>
                <dd style={{ margin: 0, fontWeight: 700 }}>{value}</dd>
              </Box>
            ))}
          </Box>
          {newsletter.failures.length > 0 && (
            <Box component="details" sx={{ mt: 1 }}>
              <summary>Failures ({newsletter.failures.length})</summary>
              <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: '0.9rem' }}>
                {newsletter.failures.map((f) => (
                  <li key={f.email}>
                    {f.email}: {f.error ?? f.status}
                  </li>
                ))}
              </Box>
            </Box>
          )}
        </Box>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={action.isPending} onClick={() => run({ kind: 'test' }, 'A test is on its way to you.')}>
          Send a test to me
        </Button>
        {newsletter.status === 'draft' && (
          <>
            <Button variant="contained" disabled={action.isPending} onClick={() => run({ kind: 'send' }, 'Sending has begun.')}>
              Send now
            </Button>
            <TextField
              type="datetime-local"
              label="Send at (London time)"
              value={at}
              onChange={(e) => setAt(e.target.value)}
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="outlined"
              disabled={action.isPending || !at}
              onClick={() =>
                run({ kind: 'send', at: isLondonLocal(at) ? fromLondonLocal(at).toISOString() : at }, 'The newsletter is scheduled.')
              }
            >
              Schedule
            </Button>
          </>
        )}
        {['scheduled', 'queueing', 'sending'].includes(newsletter.status) && (
          <Button color="error" variant="outlined" disabled={action.isPending} onClick={() => run({ kind: 'cancel' }, 'Cancelled.')}>
            {newsletter.status === 'scheduled' ? 'Cancel the schedule' : 'Stop sending'}
          </Button>
        )}
      </Stack>
      {notice && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {notice}
        </Alert>
      )}
      {action.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(action.error, 'That did not work. Please try again.')}
        </Alert>
      )}
    </Paper>
  );
}
