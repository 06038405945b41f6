import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountApi, emailChangeRequest } from '../../../../shared/api/account';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, ApiError, errorMessage } from '../../../lib/api';
import { useSiteText } from '../../../lib/site-text';
import { useFormAction } from '../../../lib/form-outcome';
import { messageIn } from '../../../../shared/domain/messages-hy';

/** The new address gets a link; the change happens when it is opened. */
export function EmailSection({ current }: { current: string }) {
  const formAction = useFormAction();
  const { t, language } = useSiteText();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ field?: 'new_email' | 'password'; message: string } | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (body: { new_email: string; password: string }) => apiRequest(accountApi.email, { body }),
    onSuccess: (_answer, body) => {
      setSentTo(body.new_email);
      setEmail('');
      setPassword('');
    },
    onError: (error) => {
      const field =
        error instanceof ApiError && (error.field === 'new_email' || error.status === 409)
          ? 'new_email'
          : error instanceof ApiError && error.status === 400
            ? 'password'
            : undefined;
      setProblem({ field, message: errorMessage(error, t('error.generic')) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const parsed = emailChangeRequest.safeParse({ new_email: email, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem({ field: issue.path[0] === 'new_email' ? 'new_email' : 'password', message: messageIn(issue.message, language) });
      return;
    }
    setProblem(null);
    request.mutate(parsed.data);
  };
  const fieldError = (field: 'new_email' | 'password') => (problem?.field === field ? problem.message : undefined);

  return (
    <Panel labelledBy="account-email">
      <PanelTitle id="account-email" k="profile.email_title" />
      <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <TextField label={t('profile.email')} value={current} slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField
            label={t('profile.new_email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            error={Boolean(fieldError('new_email'))}
            helperText={fieldError('new_email')}
          />
          <TextField
            label={t('profile.current_password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            error={Boolean(fieldError('password'))}
            helperText={fieldError('password') ?? t('profile.email_password_hint')}
          />
          {problem && !problem.field && <Alert severity="error">{problem.message}</Alert>}
          {sentTo && (
            <Alert severity="success" role="status">
              {t('profile.email_sent').replace('{email}', sentTo)}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" loading={request.isPending}>
              {t('profile.change_email')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Panel>
  );
}
