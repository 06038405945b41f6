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
import { useLanguage } from '../../../lib/language';
import { useWords } from '../../../lib/words';
import { useNewsletterAction } from './newsletter-api';
import { newsletterWords } from './newsletter-words';

/** The test, sending now or at a time, cancelling, and the progress with the failures. */
export function SendPanel({ newsletter }: { newsletter: NewsletterView }) {
  const action = useNewsletterAction(newsletter._id);
  const w = useWords(newsletterWords);
  const language = useLanguage();
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
        {w.statusIs(newsletter.status)}
        {newsletter.status === 'scheduled' && newsletter.scheduled_at
          ? w.scheduledFor(formatShortDateTime(newsletter.scheduled_at, language))
          : ''}
      </Typography>
      {started && (
        <Box role="status" sx={{ mb: 2 }}>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}>
            {(
              [
                [w.queued, counts.recipients],
                [w.sent, counts.sent],
                [w.waiting, counts.waiting],
                [w.failed, counts.failed],
                [w.cancelled, counts.cancelled],
                [w.excluded, counts.excluded],
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
              <summary>{w.failures(newsletter.failures.length)}</summary>
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
        <Button variant="outlined" disabled={action.isPending} onClick={() => run({ kind: 'test' }, w.testSent)}>
          {w.sendTest}
        </Button>
        {newsletter.status === 'draft' && (
          <>
            <Button variant="contained" disabled={action.isPending} onClick={() => run({ kind: 'send' }, w.sendingBegun)}>
              {w.sendNow}
            </Button>
            <TextField
              type="datetime-local"
              label={w.sendAt}
              value={at}
              onChange={(e) => setAt(e.target.value)}
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="outlined"
              disabled={action.isPending || !at}
              onClick={() => run({ kind: 'send', at: isLondonLocal(at) ? fromLondonLocal(at).toISOString() : at }, w.scheduled)}
            >
              {w.schedule}
            </Button>
          </>
        )}
        {['scheduled', 'queueing', 'sending'].includes(newsletter.status) && (
          <Button color="error" variant="outlined" disabled={action.isPending} onClick={() => run({ kind: 'cancel' }, w.cancelledNotice)}>
            {newsletter.status === 'scheduled' ? w.cancelSchedule : w.stopSending}
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
          {errorMessage(action.error, w.actionFailed)}
        </Alert>
      )}
    </Paper>
  );
}
