import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { CommitteeMember } from '../../../shared/api/committee';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { useDeleteMember } from './committee-edit-api';
import { MemberCard } from './member-card';
import { MemberEditor } from './member-editor';

/** Only the admin loads this: a member card with Edit and Delete, editing in place. */
export function AdminMemberCard({ member }: { member: CommitteeMember }) {
  const { t } = useSiteText();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMember();

  function closeConfirm() {
    setConfirming(false);
    remove.reset();
  }

  return (
    <>
      {editing ? (
        <MemberEditor member={member} onDone={() => setEditing(false)} onDelete={() => setConfirming(true)} />
      ) : (
        <MemberCard
          member={member}
          actions={
            <>
              <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                {t('action.edit')}
              </Button>
              <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)}>
                {t('action.delete')}
              </Button>
            </>
          }
        />
      )}
      <ConfirmDialog
        open={confirming}
        question={t('committee.delete_confirm')}
        details={member.name}
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('error.generic')) : null}
        onConfirm={() => remove.mutate(member._id, { onSuccess: () => setConfirming(false) })}
        onClose={closeConfirm}
      />
    </>
  );
}

/** A new member: starts in edit with the default priority; Cancel discards it. */
export function NewMemberCard({ onDone }: { onDone: () => void }) {
  return <MemberEditor onDone={onDone} />;
}
