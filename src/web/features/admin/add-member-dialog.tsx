import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { addMemberRequest, type AddMemberForm } from '../../../shared/api/imports';
import { tiers } from '../../../shared/domain/tiers';
import { ApiError, errorMessage } from '../../lib/api';
import { useAddMember } from './import-api';

type TextKey = Exclude<keyof AddMemberForm, 'tier_index' | 'news_email' | 'invite' | 'grad_year'>;
const fields: { key: TextKey; label: string; required?: boolean; type?: string; half?: boolean }[] = [
  { key: 'title', label: 'Title (Dr, Mr, Prof…)', half: true },
  { key: 'first_name', label: 'First name', required: true, half: true },
  { key: 'last_name', label: 'Last name', required: true, half: true },
  { key: 'email', label: 'E-mail', required: true, type: 'email', half: true },
  { key: 'phone_no', label: 'Phone number', required: true, type: 'tel', half: true },
  { key: 'addr_line1', label: 'Address', required: true, half: true },
  { key: 'addr_line2', label: 'Address line 2', half: true },
  { key: 'addr_city', label: 'Town or city', required: true, half: true },
  { key: 'addr_post', label: 'Postcode', required: true, half: true },
  { key: 'qualifications', label: 'Qualifications', half: true },
  { key: 'workplace', label: 'Workplace', half: true },
  { key: 'job_title', label: 'Job title', half: true },
  { key: 'registered_date', label: 'Joined (blank: today)', type: 'date', half: true },
  { key: 'last_renewed_date', label: 'Current year from (blank: no membership yet)', type: 'date', half: true },
];
const empty = { tier_index: 0, news_email: false, invite: true } as const;

/**
 * Adds one person by hand (a member who joined on paper): the registration form's fields and rules,
 * the tier and dates, and an invitation to choose a password (decision 111).
 */
export function AddMemberButton() {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [choices, setChoices] = useState<{ tier_index: number; news_email: boolean; invite: boolean }>({ ...empty });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const add = useAddMember();

  function close() {
    setOpen(false);
    add.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const form: AddMemberForm = { ...values, ...choices } as AddMemberForm;
    const checked = addMemberRequest.safeParse(form);
    if (!checked.success) {
      setProblems(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setProblems({});
    add.mutate(form, {
      onSuccess: () => {
        setValues({});
        setChoices({ ...empty });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field) setProblems({ [error.field]: error.detail.replace(/^[a-z_]+: /, '') });
      },
    });
  }

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Add a person
      </Button>
      <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="add-member-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="add-member-title">Add a person</DialogTitle>
          <DialogContent>
            {add.isSuccess ? (
              <Alert severity="success" role="status">
                Added.{' '}
                {add.data.invited ? 'An invitation to choose a password is on its way.' : 'Invite them from their page when you are ready.'}{' '}
                <RouterLink to={`/admin/members/${encodeURIComponent(add.data._id)}`} onClick={close}>
                  Open their page
                </RouterLink>
              </Alert>
            ) : (
              <Grid container spacing={2} sx={{ pt: 1 }}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    select
                    label="Membership tier"
                    required
                    fullWidth
                    value={choices.tier_index}
                    onChange={(e) => setChoices({ ...choices, tier_index: Number(e.target.value) })}
                  >
                    {tiers.map((tier) => (
                      <MenuItem key={tier.index} value={tier.index}>
                        {tier.name}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                {fields.map((field) => (
                  <Grid key={field.key} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
                    <TextField
                      label={field.label}
                      required={field.required}
                      type={field.type ?? 'text'}
                      fullWidth
                      value={values[field.key] ?? ''}
                      onChange={(e) => setValues({ ...values, [field.key]: e.target.value })}
                      error={Boolean(problems[field.key])}
                      helperText={problems[field.key]}
                      slotProps={field.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
                    />
                  </Grid>
                ))}
                <Grid size={12}>
                  <FormControlLabel
                    control={
                      <Checkbox checked={choices.news_email} onChange={(e) => setChoices({ ...choices, news_email: e.target.checked })} />
                    }
                    label="They agreed to news and event invitations by e-mail"
                  />
                  <FormControlLabel
                    control={<Checkbox checked={choices.invite} onChange={(e) => setChoices({ ...choices, invite: e.target.checked })} />}
                    label="Send them an invitation to choose a password now"
                  />
                </Grid>
                {add.isError && !(add.error instanceof ApiError && add.error.field) && (
                  <Grid size={12}>
                    <Alert severity="error" role="alert">
                      {errorMessage(add.error, 'The person could not be added. Please try again.')}
                    </Alert>
                  </Grid>
                )}
              </Grid>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{add.isSuccess ? 'Close' : 'Cancel'}</Button>
            {!add.isSuccess && (
              <Button type="submit" variant="contained" loading={add.isPending}>
                Add
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
