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
import { armenianMessage } from '../../../shared/domain/messages-hy';
import { tiers } from '../../../shared/domain/tiers';
import { ApiError, errorMessage } from '../../lib/api';
import { useAddMember } from './import-api';
import { useFormAction } from '../../lib/form-outcome';
import { useLanguage } from '../../lib/language';
import { useWords } from '../../lib/words';
import { membersWords } from './members-words';
import { useFormats } from './use-formats';

type TextKey = Exclude<keyof AddMemberForm, 'tier_index' | 'news_email' | 'invite' | 'grad_year'>;
type Label =
  | 'titleField'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'address'
  | 'addressLine2'
  | 'town'
  | 'postcode'
  | 'qualifications'
  | 'workplace'
  | 'jobTitle'
  | 'joinedField'
  | 'currentYearField';
const fields: { key: TextKey; label: Label; required?: boolean; type?: string; half?: boolean }[] = [
  { key: 'title', label: 'titleField', half: true },
  { key: 'first_name', label: 'firstName', required: true, half: true },
  { key: 'last_name', label: 'lastName', required: true, half: true },
  { key: 'email', label: 'email', required: true, type: 'email', half: true },
  { key: 'phone_no', label: 'phoneNumber', required: true, type: 'tel', half: true },
  { key: 'addr_line1', label: 'address', required: true, half: true },
  { key: 'addr_line2', label: 'addressLine2', half: true },
  { key: 'addr_city', label: 'town', required: true, half: true },
  { key: 'addr_post', label: 'postcode', required: true, half: true },
  { key: 'qualifications', label: 'qualifications', half: true },
  { key: 'workplace', label: 'workplace', half: true },
  { key: 'job_title', label: 'jobTitle', half: true },
  { key: 'registered_date', label: 'joinedField', type: 'date', half: true },
  { key: 'last_renewed_date', label: 'currentYearField', type: 'date', half: true },
];
const empty = { tier_index: 0, news_email: false, invite: true } as const;
/** Every text field, empty until typed in: an untouched field is checked as empty, with its own message. */
const blank = Object.fromEntries(fields.map((field) => [field.key, '']));

/**
 * Adds one person by hand (a member who joined on paper): the registration form's fields and rules,
 * the tier and dates, and an invitation to choose a password (decision 111).
 */
export function AddMemberButton() {
  const w = useWords(membersWords);
  const language = useLanguage();
  const format = useFormats();
  const formAction = useFormAction();
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
    const form: AddMemberForm = { ...blank, ...values, ...choices } as AddMemberForm;
    const checked = addMemberRequest.safeParse(form);
    if (!checked.success) {
      // The schema's messages, in Armenian on an Armenian page (decision 190).
      const say = (message: string) => (language === 'hy' && armenianMessage(message)) || message;
      setProblems(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), say(i.message)])));
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
        {w.addPerson}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby="add-member-title">
        <form method="post" action={formAction} onSubmit={submit} noValidate>
          <DialogTitle id="add-member-title">{w.addPerson}</DialogTitle>
          <DialogContent>
            {add.isSuccess ? (
              <Alert severity="success" role="status">
                {w.added} {add.data.invited ? w.invitationOnItsWay : w.inviteLater}{' '}
                <RouterLink to={`/admin/members/${encodeURIComponent(add.data._id)}`} onClick={close}>
                  {w.openTheirPage}
                </RouterLink>
              </Alert>
            ) : (
              <Grid container spacing={2} sx={{ pt: 1 }}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    select
                    label={w.membershipTier}
                    required
                    fullWidth
                    value={choices.tier_index}
                    onChange={(e) => setChoices({ ...choices, tier_index: Number(e.target.value) })}
                  >
                    {tiers.map((tier) => (
                      <MenuItem key={tier.index} value={tier.index}>
                        {format.tierName(tier.index)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                {fields.map((field) => (
                  <Grid key={field.key} size={{ xs: 12, sm: field.half ? 6 : 12 }}>
                    <TextField
                      label={w[field.label]}
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
                    label={w.agreedToNews}
                  />
                  <FormControlLabel
                    control={<Checkbox checked={choices.invite} onChange={(e) => setChoices({ ...choices, invite: e.target.checked })} />}
                    label={w.inviteNow}
                  />
                </Grid>
                {add.isError && !(add.error instanceof ApiError && add.error.field) && (
                  <Grid size={12}>
                    <Alert severity="error" role="alert">
                      {errorMessage(add.error, w.addFailed)}
                    </Alert>
                  </Grid>
                )}
              </Grid>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{add.isSuccess ? w.close : w.cancel}</Button>
            {!add.isSuccess && (
              <Button type="submit" variant="contained" loading={add.isPending}>
                {w.add}
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
