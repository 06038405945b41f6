import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { staffFactorApi } from '../../../shared/api/second-factor';
import { Panel } from '../../components/panel';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { useFormAction } from '../../lib/form-outcome';
import { useWords } from '../../lib/words';
import { rolesWords } from './roles-words';

const key = ['admin', 'staff-factor'] as const;

/** The grace period new admins and editors have to set up a second factor (decision 132). */
export function StaffFactorPanel() {
  const w = useWords(rolesWords);
  const formAction = useFormAction();
  const client = useQueryClient();
  const policy = useQuery({ queryKey: key, queryFn: ({ signal }) => apiRequest(staffFactorApi.policy, { signal }) });
  // What the admin typed, once they type; until then the stored value.
  const [typed, setDays] = useState<string | null>(null);
  const days = typed ?? String(policy.data?.grace_days ?? '');
  const save = useMutation({
    mutationFn: () => apiRequest(staffFactorApi.setPolicy, { body: { grace_days: Number(days) } }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const fieldError = save.error instanceof ApiError && save.error.field === 'grace_days' ? save.error.detail : undefined;

  return (
    <Panel labelledBy="roles-second-factor">
      <Typography id="roles-second-factor" variant="h3" sx={{ fontSize: '1.25rem', mb: 2, color: 'primary.dark' }}>
        {w.factorTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{w.factorIntro}</Typography>
      {policy.isPending ? (
        <Skeleton variant="rounded" height={56} sx={{ maxWidth: 320 }} />
      ) : (
        <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={w.graceDays}
              type="number"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              slotProps={{ htmlInput: { min: 0, max: 90, step: 1 } }}
              size="small"
              error={Boolean(fieldError)}
              helperText={fieldError ?? w.graceRange}
            />
            <Button type="submit" variant="contained" loading={save.isPending}>
              {w.save}
            </Button>
          </Stack>
          {save.isError && !fieldError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(save.error, w.graceFailed)}
            </Alert>
          )}
          {save.isSuccess && (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              {w.saved}
            </Alert>
          )}
        </Box>
      )}
    </Panel>
  );
}
