import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountApi, passwordChangeRequest } from '../../../../shared/api/account';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, ApiError, errorMessage } from '../../../lib/api';
import { readSession, saveSession } from '../../../lib/session';
import { useSiteText } from '../../../lib/site-text';
import { useFormAction } from '../../../lib/form-outcome';
import { messageIn } from '../../../../shared/domain/messages-hy';

/** Current password, new one twice; the server ends every other session and hands this one a new token. */
export function PasswordSection() {
  const formAction = useFormAction();
  const { t, language } = useSiteText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<{ field?: 'current' | 'next' | 'again'; message: string } | null>(null);
  const change = useMutation({
    mutationFn: () => apiRequest(accountApi.password, { body: { current_password: current, new_password: next } }),
    onSuccess: ({ access_token }) => {
      const session = readSession();
      if (session) saveSession({ ...session, token: access_token });
      setCurrent('');
      setNext('');
      setAgain('');
    },
    onError: (error) => {
      const message = errorMessage(error, t('error.generic'));
      const field =
        error instanceof ApiError && error.field === 'new_password'
          ? 'next'
          : error instanceof ApiError && error.status === 400
            ? 'current'
            : undefined;
      setProblem({ field, message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.reset();
    // docs/product.md's reset rules and messages: at least 8 characters, equal to the confirmation.
    const parsed = passwordChangeRequest.safeParse({ current_password: current, new_password: next });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem({ field: issue.path[0] === 'new_password' ? 'next' : 'current', message: messageIn(issue.message, language) });
      return;
    }
    if (next !== again) {
      setProblem({ field: 'again', message: t('profile.password_mismatch') });
      return;
    }
    setProblem(null);
    change.mutate();
  };

  const fieldError = (field: 'current' | 'next' | 'again') => (problem?.field === field ? problem.message : undefined);

  return (
    <Panel labelledBy="account-password">
      <PanelTitle id="account-password" k="profile.password_title" />
      <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
        <Stack spacing={2.5}>
          <TextField
            label={t('profile.current_password')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            required
            error={Boolean(fieldError('current'))}
            helperText={fieldError('current')}
          />
          <TextField
            label={t('profile.new_password')}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            required
            error={Boolean(fieldError('next'))}
            helperText={fieldError('next') ?? t('register.password_help')}
          />
          <TextField
            label={t('profile.new_password_again')}
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            required
            error={Boolean(fieldError('again'))}
            helperText={fieldError('again')}
          />
          {problem && !problem.field && <Alert severity="error">{problem.message}</Alert>}
          {change.isSuccess && (
            <Alert severity="success" role="status">
              {t('profile.password_saved')}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" loading={change.isPending}>
              {t('profile.change_password')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Panel>
  );
}
