import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { attendeeMailRequest, type EventAdminFacts } from '../../../../shared/api/event-admin';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../../lib/api';
import { useMailAttendees } from './event-admin-api';
import { useFormAction } from '../../../lib/form-outcome';
import { useLanguage } from '../../../lib/language';
import { useWords } from '../../../lib/words';
import { armenianMessage } from '../../../../shared/domain/messages-hy';
import { eventAdminWords } from './event-admin-words';

/** A message to everyone with a place (and, if chosen, the waitlist): one e-mail each, through the outbox. */
export function AttendeeMailForm({ eventId, facts }: { eventId: string; facts: EventAdminFacts }) {
  const w = useWords(eventAdminWords);
  const language = useLanguage();
  const people = w.people;
  const formAction = useFormAction();
  const send = useMailAttendees(eventId);
  // One key per message: a double click, or a retry after a lost answer, sends it once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [includeWaitlist, setIncludeWaitlist] = useState(false);
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const recipients = facts.confirmed + (includeWaitlist ? facts.waitlisted + facts.offered : 0);

  const [nobody, setNobody] = useState(false);

  function check() {
    // Nobody to write to: said when Send is pressed, rather than a button that waits disabled.
    setNobody(recipients === 0);
    if (recipients === 0) return;
    const parsed = attendeeMailRequest.safeParse({ request_id: requestId, subject, body, include_waitlist: includeWaitlist });
    if (parsed.success) {
      setErrors({});
      setSent(null);
      send.reset();
      setConfirming(true);
      return;
    }
    const found: { subject?: string; body?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      // The schema's message, in Armenian on an Armenian page (decision 190).
      if ((field === 'subject' || field === 'body') && !found[field])
        found[field] = (language === 'hy' && armenianMessage(issue.message)) || issue.message;
    }
    setErrors(found);
    document.getElementById(found.subject ? 'attendee-mail-subject' : 'attendee-mail-body')?.focus();
  }

  function confirm() {
    send.mutate(
      { request_id: requestId, subject, body, include_waitlist: includeWaitlist },
      {
        onSuccess: ({ queued }) => {
          setConfirming(false);
          setSent(w.queued(queued));
          setSubject('');
          setBody('');
          setRequestId(crypto.randomUUID());
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.field === 'subject' || error.field === 'body')) {
            setErrors({ [error.field]: error.detail });
            setConfirming(false);
          }
        },
      },
    );
  }

  const failure = send.isError ? errorMessage(send.error, w.sendFailed) : null;
  return (
    <Box>
      <Typography sx={{ color: 'text.secondary', mb: 2.5, maxWidth: 760 }}>{w.mailIntro}</Typography>
      <Box
        component="form"
        method="post"
        action={formAction}
        noValidate
        aria-label={w.mailTitle}
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
        sx={{ display: 'grid', gap: 2.5 }}
      >
        <TextField
          id="attendee-mail-subject"
          label={w.subject}
          required
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          error={Boolean(errors.subject)}
          helperText={errors.subject}
          slotProps={{ htmlInput: { maxLength: 150 } }}
          fullWidth
        />
        <TextField
          id="attendee-mail-body"
          label={w.message}
          required
          multiline
          minRows={5}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={Boolean(errors.body)}
          helperText={errors.body}
          slotProps={{ htmlInput: { maxLength: 10_000 } }}
          fullWidth
        />
        <FormControlLabel
          control={<Checkbox checked={includeWaitlist} onChange={(e) => setIncludeWaitlist(e.target.checked)} />}
          label={w.alsoWaitlist(facts.waitlisted + facts.offered)}
        />
        <Box>
          <Button type="submit" variant="contained">
            {w.sendTo(people(recipients))}
          </Button>
        </Box>
        {nobody && recipients === 0 && (
          <Alert severity="info" role="alert">
            {w.nobodyToWrite(includeWaitlist)}
          </Alert>
        )}
      </Box>
      {sent && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {sent}
        </Alert>
      )}
      {failure && !confirming && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        question={w.sendQuestion(subject.trim(), people(recipients))}
        details={includeWaitlist ? w.everyoneAndWaitlist : w.everyoneConfirmed}
        confirmLabel={w.send}
        destructive={false}
        pending={send.isPending}
        error={failure}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
