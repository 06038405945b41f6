import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MemberDetail } from '../../../shared/api/admin';
import { errorMessage } from '../../lib/api';
import { formatShortDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useInvite } from './import-api';

/** Whether the person has a password and has signed in; an invitation to choose a password (decision 111); the admin's notes. */
export function MemberInvitation({ member }: { member: MemberDetail }) {
  const invite = useInvite();
  const now = useNow();
  const invitation = member.invitation;
  const state = !invitation
    ? 'Not invited.'
    : invitation.used_at
      ? `Chose a password from the invitation on ${formatShortDateTime(invitation.used_at)}.`
      : invitation.voided_at || Date.parse(invitation.expires_at) <= now.getTime()
        ? `Invited on ${formatShortDateTime(invitation.created_at)}; that link no longer works.`
        : `Invited on ${formatShortDateTime(invitation.created_at)}; the link works until ${formatShortDateTime(invitation.expires_at)}.`;
  return (
    <Box>
      <Typography>
        {member.has_password ? 'Has a password.' : 'Has no password yet.'}{' '}
        {member.last_signed_in_at ? `Last signed in ${formatShortDateTime(member.last_signed_in_at)}.` : 'Has not signed in yet.'} {state}
      </Typography>
      {!member.has_password && member.role === 'member' && (
        <Button sx={{ mt: 1.5 }} variant="outlined" loading={invite.isPending} onClick={() => invite.mutate({ member_ids: [member._id] })}>
          {invitation ? 'Send the invitation again' : 'Invite to choose a password'}
        </Button>
      )}
      {invite.isSuccess && (
        <Alert sx={{ mt: 1.5 }} severity={invite.data.invited ? 'success' : 'info'} role="status">
          {invite.data.invited
            ? 'The invitation is on its way; any older link no longer works.'
            : 'Invited a moment ago: that link stands.'}
        </Alert>
      )}
      {invite.isError && <Alert severity="error">{errorMessage(invite.error, 'The invitation could not be sent.')}</Alert>}
      {member.notes.length > 0 && (
        <>
          <Typography component="h4" sx={{ fontWeight: 600, mt: 2 }}>
            Notes
          </Typography>
          <ul>
            {member.notes.map((note) => (
              <li key={`${note.created_at}-${note.body}`}>
                {note.body}{' '}
                <Typography component="span" sx={{ color: 'text.secondary' }}>
                  ({formatShortDateTime(note.created_at)})
                </Typography>
              </li>
            ))}
          </ul>
        </>
      )}
    </Box>
  );
}
