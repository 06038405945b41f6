import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, errorMessage } from '../../../lib/api';
import { formatShortDateTime } from '../../../lib/format';
import { clearSession, useSession } from '../../../lib/session';
import { useSiteText } from '../../../lib/site-text';
import { secondFactorApi, sessionsKey, useSessions } from '../../../lib/account-security';

/** Where the account is signed in: device, approximate place, first and last use; end one or all others. */
export function SessionsPanel() {
  const { t, language } = useSiteText();
  const session = useSession();
  const client = useQueryClient();
  const sessions = useSessions();
  const refresh = () => client.invalidateQueries({ queryKey: sessionsKey(session?.username) });
  const end = useMutation({
    mutationFn: (id: string) => apiRequest(secondFactorApi.endSession, { params: { id } }),
    onSuccess: async (_answer, id) => {
      // Ending this browser's own session is signing out.
      if (sessions.data?.items.find((s) => s._id === id)?.current) clearSession();
      else await refresh();
    },
  });
  const endOthers = useMutation({ mutationFn: () => apiRequest(secondFactorApi.endOtherSessions), onSuccess: refresh });
  const items = sessions.data?.items ?? [];

  return (
    <Panel labelledBy="security-sessions">
      <PanelTitle id="security-sessions" k="security.sessions_title" />
      {sessions.isError && <Alert severity="error">{t('security.failed')}</Alert>}
      {sessions.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="security-sessions">
            <TableHead>
              <TableRow>
                <TableCell>{t('security.sessions_device')}</TableCell>
                <TableCell>{t('security.sessions_place')}</TableCell>
                <TableCell>{t('security.sessions_first')}</TableCell>
                <TableCell>{t('security.sessions_last')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('security.sessions_end')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item._id}>
                  <TableCell>
                    {item.device}
                    {item.current && <Chip size="small" color="primary" label={t('security.sessions_this')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{item.place ?? t('security.sessions_unknown_place')}</TableCell>
                  <TableCell>{formatShortDateTime(item.created_at, language)}</TableCell>
                  <TableCell>{formatShortDateTime(item.last_used_at, language)}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => end.mutate(item._id)}
                      loading={end.isPending && end.variables === item._id}
                      aria-label={`${t('security.sessions_end')}: ${item.device}, ${formatShortDateTime(item.last_used_at, language)}`}
                    >
                      {t('security.sessions_end')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {(end.isError || endOthers.isError) && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(end.error ?? endOthers.error, t('error.generic'))}
        </Alert>
      )}
      {endOthers.isSuccess && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {t('security.sessions_ended').replace('{count}', String(endOthers.data.ended))}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={() => endOthers.mutate()} loading={endOthers.isPending} disabled={items.length < 2}>
          {t('security.sessions_end_others')}
        </Button>
      </Box>
    </Panel>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
