import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { accountAdminApi, accountDetails, type AccountDetailsForm } from '../../../shared/api/account';
import type { MemberDetail } from '../../../shared/api/admin';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Panel } from '../../components/panel';
import { apiRequest, errorMessage } from '../../lib/api';
import { useLanguage } from '../../lib/language';
import { useWords } from '../../lib/words';
import { armenianMessage } from '../../../shared/domain/messages-hy';
import { adminKeys } from './admin-api';
import { personName } from './admin-labels';
import { useFormAction } from '../../lib/form-outcome';
import { membersWords } from './members-words';
import { useFormats } from './use-formats';

const detailFields = [
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['addr_line1', 'addressLine1'],
  ['addr_line2', 'addressLine2'],
  ['addr_city', 'town'],
  ['addr_post', 'postcode'],
  ['phone_no', 'phoneNumber'],
  ['qualifications', 'qualifications'],
  ['workplace', 'workplace'],
  ['job_title', 'jobTitle'],
] as const satisfies readonly (readonly [keyof AccountDetailsForm & keyof MemberDetail, keyof (typeof membersWords)['en']])[];

function useRefreshMember(id: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: [...adminKeys.member, id] });
    void client.invalidateQueries({ queryKey: adminKeys.members });
    void client.invalidateQueries({ queryKey: ['admin', 'account', id] });
  };
}

/** The admin corrects a member: details, e-mail (no link; both addresses told), consent, mail sent again, erasure. */
export function MemberAccount({ member }: { member: MemberDetail }) {
  return (
    <>
      <EditDetails key={`details-${member._id}`} member={member} />
      <EmailAndMail key={`mail-${member._id}`} member={member} />
      <Erase member={member} />
    </>
  );
}

function EditDetails({ member }: { member: MemberDetail }) {
  const w = useWords(membersWords);
  const language = useLanguage();
  const formAction = useFormAction();
  const refresh = useRefreshMember(member._id);
  const [values, setValues] = useState(() => Object.fromEntries(detailFields.map(([name]) => [name, member[name] ?? ''])));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: AccountDetailsForm) => apiRequest(accountAdminApi.updateDetails, { params: { id: member._id }, body }),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const parsed = accountDetails.safeParse({ ...values, grad_year: member.grad_year });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      // The schema's message, in Armenian on an Armenian page (decision 190).
      setFieldError({ field: String(issue.path[0]), message: (language === 'hy' && armenianMessage(issue.message)) || issue.message });
      return;
    }
    setFieldError(null);
    save.mutate(parsed.data);
  };
  return (
    <Panel labelledBy="member-edit">
      <Typography id="member-edit" variant="h3" sx={{ fontSize: '1.25rem', mb: 2, color: 'primary.dark' }}>
        {w.correctTitle}
      </Typography>
      <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {detailFields.map(([name, label]) => (
            <TextField
              key={name}
              label={w[label]}
              value={values[name]}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              error={fieldError?.field === name}
              helperText={fieldError?.field === name ? fieldError.message : undefined}
              size="small"
            />
          ))}
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {w.saveDetails}
          </Button>
          {save.isSuccess && <Typography role="status">{w.saved}</Typography>}
        </Stack>
        {save.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(save.error, w.detailsFailed)}
          </Alert>
        )}
      </Box>
    </Panel>
  );
}

function EmailAndMail({ member }: { member: MemberDetail }) {
  const w = useWords(membersWords);
  const { dateTime } = useFormats();
  const formAction = useFormAction();
  const refresh = useRefreshMember(member._id);
  const [email, setEmail] = useState(member.email);
  const change = useMutation({
    mutationFn: () => apiRequest(accountAdminApi.changeEmail, { params: { id: member._id }, body: { email } }),
    onSuccess: refresh,
  });
  const consents = useQuery({
    queryKey: ['admin', 'account', member._id, 'consents'],
    queryFn: ({ signal }) => apiRequest(accountAdminApi.consents, { params: { id: member._id }, signal }),
  });
  const mail = useQuery({
    queryKey: ['admin', 'account', member._id, 'mail'],
    queryFn: ({ signal }) => apiRequest(accountAdminApi.mail, { params: { id: member._id }, signal }),
  });
  const resend = useMutation({
    mutationFn: (outboxId: number) => apiRequest(accountAdminApi.resend, { params: { id: member._id }, body: { outbox_id: outboxId } }),
    onSuccess: refresh,
  });

  return (
    <Panel labelledBy="member-contact">
      <Typography id="member-contact" variant="h3" sx={{ fontSize: '1.25rem', mb: 2, color: 'primary.dark' }}>
        {w.contactTitle}
      </Typography>
      <Box
        component="form"
        method="post"
        action={formAction}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          change.mutate();
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={w.emailAddress}
            type="email"
            size="small"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            helperText={w.emailHelp}
            sx={{ minWidth: { sm: 360 } }}
          />
          <Button type="submit" variant="contained" loading={change.isPending}>
            {w.changeEmail}
          </Button>
        </Stack>
        {change.isSuccess && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {w.emailChanged}
          </Alert>
        )}
        {change.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(change.error, w.emailFailed)}
          </Alert>
        )}
      </Box>

      <Typography component="h4" sx={{ fontWeight: 700, mt: 3 }}>
        {w.newsByEmail}
      </Typography>
      {consents.data && consents.data.items.length === 0 && <Typography>{w.neverAsked}</Typography>}
      <List dense aria-label={w.consentHistory}>
        {consents.data?.items.map((c) => (
          <ListItem key={`${c.at}-${c.source}`} disableGutters>
            <ListItemText primary={w.consent(c.news_email, c.source, dateTime(c.at))} secondary={w.wordingVersion(c.wording_version)} />
          </ListItem>
        ))}
      </List>

      <Typography component="h4" sx={{ fontWeight: 700, mt: 2 }}>
        {w.mailSent}
      </Typography>
      {mail.data && mail.data.items.length === 0 && <Typography>{w.noMail}</Typography>}
      <List dense aria-label={w.mailSent}>
        {mail.data?.items.map((m) => (
          <ListItem
            key={m._id}
            disableGutters
            secondaryAction={
              <Button size="small" onClick={() => resend.mutate(m._id)} aria-label={w.sendAgainOf(m.subject, dateTime(m.created_at))}>
                {w.sendAgain}
              </Button>
            }
          >
            <ListItemText primary={m.subject} secondary={w.sentTo(dateTime(m.created_at), m.to)} />
          </ListItem>
        ))}
      </List>
      {resend.isSuccess && <Alert severity="success">{w.sentAgain(member.email)}</Alert>}
      {resend.isError && <Alert severity="error">{errorMessage(resend.error, w.resendFailed)}</Alert>}
    </Panel>
  );
}

function Erase({ member }: { member: MemberDetail }) {
  const w = useWords(membersWords);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const erase = useMutation({
    mutationFn: () => apiRequest(accountAdminApi.erase, { params: { id: member._id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.members });
      void navigate('/admin/members', { replace: true });
    },
  });
  if (member.role === 'admin') return null;
  return (
    <Panel labelledBy="member-erase">
      <Typography id="member-erase" variant="h3" sx={{ fontSize: '1.25rem', mb: 2, color: 'primary.dark' }}>
        {w.eraseTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{w.eraseExplained}</Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {w.eraseButton}
      </Button>
      <ConfirmDialog
        open={open}
        question={w.eraseQuestion(personName(member))}
        details={w.cannotUndo}
        confirmLabel={w.erase}
        pending={erase.isPending}
        error={erase.isError ? errorMessage(erase.error, w.eraseFailed) : null}
        onConfirm={() => erase.mutate()}
        onClose={() => setOpen(false)}
      />
    </Panel>
  );
}
