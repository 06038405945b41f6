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

const key = ['admin', 'staff-factor'] as const;

/** The grace period new admins and editors have to set up a second factor (decision 132). */
export function StaffFactorPanel() {
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
        Second factor for staff
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Admins and editors sign in with a passkey or an authenticator code as well as their password. Someone given a role without one is
        asked to set one up first; until they do, their role waits. You may give new staff a few days to do it (0: their role works only
        once they have one).
      </Typography>
      {policy.isPending ? (
        <Skeleton variant="rounded" height={56} sx={{ maxWidth: 320 }} />
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="Days of grace"
              type="number"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              slotProps={{ htmlInput: { min: 0, max: 90, step: 1 } }}
              size="small"
              error={Boolean(fieldError)}
              helperText={fieldError ?? '0 to 90'}
            />
            <Button type="submit" variant="contained" loading={save.isPending}>
              Save
            </Button>
          </Stack>
          {save.isError && !fieldError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(save.error, 'The grace period could not be saved.')}
            </Alert>
          )}
          {save.isSuccess && (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              Saved.
            </Alert>
          )}
        </Box>
      )}
    </Panel>
  );
}
