import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountApi, accountName } from '../../../../shared/api/account';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, errorMessage } from '../../../lib/api';
import { useSiteText } from '../../../lib/site-text';
import { useFormAction } from '../../../lib/form-outcome';
import { messageIn } from '../../../../shared/domain/messages-hy';

/** The admin's own name (the first admin starts as "Site Administrator"): what the profile greets. */
export function NameSection({ firstName, lastName }: { firstName: string; lastName: string }) {
  const formAction = useFormAction();
  const { t, language } = useSiteText();
  const client = useQueryClient();
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { first_name: string; last_name: string }) => apiRequest(accountApi.name, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['member_info'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountName.safeParse({ first_name: first, last_name: last });
    setProblem(parsed.success ? null : messageIn(parsed.error.issues[0]!.message, language));
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <Panel labelledBy="account-name">
      <PanelTitle id="account-name" k="profile.name" />
      <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('register.first_name')} value={first} onChange={(e) => setFirst(e.target.value)} autoComplete="given-name" />
          <TextField label={t('register.last_name')} value={last} onChange={(e) => setLast(e.target.value)} autoComplete="family-name" />
          <Box>
            <Button type="submit" variant="contained" loading={save.isPending} sx={{ mt: 1 }}>
              {t('profile.save')}
            </Button>
          </Box>
        </Stack>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        {save.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(save.error, t('error.generic'))}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            {t('profile.details_saved')}
          </Alert>
        )}
      </Box>
    </Panel>
  );
}
