import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { roles, type Role } from '../../../shared/api/accounts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api';
import { saveSession, useSession } from '../../lib/session';
import { useSetRole } from './admin-api';
import { useWords } from '../../lib/words';
import { personName } from './admin-labels';
import { adminWords } from './admin-words';
import { rolesWords } from './roles-words';
import { useFormAction } from '../../lib/form-outcome';

export interface RolePerson {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
}

const rank: Record<Role, number> = { member: 0, editor: 1, admin: 2 };

/** Giving admin rights, and taking any rights away, are asked about first. */
function needsConfirmation(from: Role, to: Role): boolean {
  return to === 'admin' || rank[to] < rank[from];
}

/**
 * A person's role: a drop-down and "Save role". `compact` is for lists of people: the label
 * is then spoken with the person's name, as several controls share the page. A list whose rows
 * come and go with a role change reports success through `onSaved` instead of under the control.
 */
export function RoleControl({
  person,
  compact = false,
  onSaved,
}: {
  person: RolePerson;
  compact?: boolean;
  onSaved?: (message: string) => void;
}) {
  const w = useWords(rolesWords);
  const { roles: roleLabels, roleWithArticle } = useWords(adminWords);
  const formAction = useFormAction();
  const session = useSession();
  const setRole = useSetRole();
  const name = personName(person);
  const [choice, setChoice] = useState<Role>(person.role);
  const [shownRole, setShownRole] = useState<Role>(person.role);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  // Saving the role a person has already: said when pressed, rather than a button that waits disabled.
  const [unchanged, setUnchanged] = useState(false);

  // The saved role comes back in a refetch: the drop-down follows it (adjusted while rendering).
  if (person.role !== shownRole) {
    setShownRole(person.role);
    setChoice(person.role);
  }

  function save() {
    setSaved(null);
    setRole.mutate(
      { user_id: person._id, role: choice },
      {
        onSuccess: () => {
          setConfirming(false);
          const message = w.nowRole(name, roleWithArticle[choice]);
          if (onSaved) onSaved(message);
          else setSaved(message);
          // The admin changed their own role: the menus follow at once rather than on the next visit.
          if (session && session.username.toLowerCase() === person.email.toLowerCase()) saveSession({ ...session, role: choice });
        },
      },
    );
  }

  const demoting = rank[choice] < rank[person.role];
  const failure = setRole.isError ? errorMessage(setRole.error, w.roleFailed) : null;

  return (
    <Box>
      <Box
        component="form"
        method="post"
        action={formAction}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (choice === person.role) {
            setSaved(null);
            setUnchanged(true);
            return;
          }
          if (needsConfirmation(person.role, choice)) {
            // The dialog starts without the last attempt's error.
            setRole.reset();
            setConfirming(true);
          } else save();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label={w.role}
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value as Role);
            setSaved(null);
            setUnchanged(false);
          }}
          sx={{ minWidth: 150 }}
          slotProps={
            compact
              ? // The visible label says "Role"; the spoken name also says whose.
                { select: { SelectDisplayProps: { 'aria-labelledby': undefined, 'aria-label': w.roleOf(name) } } }
              : undefined
          }
        >
          {roles.map((role) => (
            <MenuItem key={role} value={role}>
              {roleLabels[role]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={setRole.isPending}
          loading={setRole.isPending && !confirming}
          aria-label={compact ? w.saveRoleFor(name) : undefined}
        >
          {w.saveRole}
        </Button>
      </Box>
      {saved && (
        <Alert severity="success" role="status" sx={{ mt: 1.5 }}>
          {saved}
        </Alert>
      )}
      {unchanged && choice === person.role && (
        <Alert severity="info" role="alert" sx={{ mt: 1.5 }}>
          {w.alreadyRole(name, roleWithArticle[choice])}
        </Alert>
      )}
      {failure && !confirming && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {failure}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        question={w.makeQuestion(name, roleWithArticle[choice])}
        details={choice === 'admin' ? w.adminsCan : w.loses(name, roleWithArticle[person.role])}
        confirmLabel={w.saveRole}
        destructive={demoting}
        pending={setRole.isPending}
        error={failure}
        onConfirm={save}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
