import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MemberDetail } from '../../../shared/api/admin';
import { errorMessage } from '../../lib/api';
import { useNow } from '../../lib/use-now';
import { useWords } from '../../lib/words';
import { useInvite } from './import-api';
import { membersWords } from './members-words';
import { useFormats } from './use-formats';

/** Whether the person has a password and has signed in; an invitation to choose a password (decision 111); the admin's notes. */
export function MemberInvitation({ member }: { member: MemberDetail }) {
  const w = useWords(membersWords);
  const { dateTime } = useFormats();
  const invite = useInvite();
  const now = useNow();
  const invitation = member.invitation;
  const state = !invitation
    ? w.notInvited
    : invitation.used_at
      ? w.choseFromInvitation(dateTime(invitation.used_at))
      : invitation.voided_at || Date.parse(invitation.expires_at) <= now.getTime()
        ? w.invitationDead(dateTime(invitation.created_at))
        : w.invitationLive(dateTime(invitation.created_at), dateTime(invitation.expires_at));
  return (
    <Box>
      <Typography>
        {member.has_password ? w.hasPassword : w.noPassword}{' '}
        {member.last_signed_in_at ? w.lastSignedIn(dateTime(member.last_signed_in_at)) : w.neverSignedIn} {state}
      </Typography>
      {!member.has_password && member.role === 'member' && (
        <Button sx={{ mt: 1.5 }} variant="outlined" loading={invite.isPending} onClick={() => invite.mutate({ member_ids: [member._id] })}>
          {invitation ? w.inviteAgain : w.invite}
        </Button>
      )}
      {invite.isSuccess && (
        <Alert sx={{ mt: 1.5 }} severity={invite.data.invited ? 'success' : 'info'} role="status">
          {invite.data.invited ? w.invitationSent : w.invitedMomentAgo}
        </Alert>
      )}
      {invite.isError && <Alert severity="error">{errorMessage(invite.error, w.invitationFailed)}</Alert>}
      {member.notes.length > 0 && (
        <>
          <Typography component="h4" sx={{ fontWeight: 600, mt: 2 }}>
            {w.notes}
          </Typography>
          <ul>
            {member.notes.map((note) => (
              <li key={`${note.created_at}-${note.body}`}>
                {note.body}{' '}
                <Typography component="span" sx={{ color: 'text.secondary' }}>
                  ({dateTime(note.created_at)})
                </Typography>
              </li>
            ))}
          </ul>
        </>
      )}
    </Box>
  );
}
