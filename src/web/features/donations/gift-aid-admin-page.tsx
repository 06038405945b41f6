import DownloadIcon from '@mui/icons-material/Download';
import LoginIcon from '@mui/icons-material/Login';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import type { giftAidDeclarationRecord } from '../../../shared/api/donations';
import { formatPence } from '../../../shared/domain/money';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { LoadingRegion, visuallyHidden } from '../../components/loading-region';
import { PageBanner } from '../../components/page-banner';
import { SiteText } from '../../components/site-text';
import { errorMessage } from '../../lib/api';
import { isAdmin, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import {
  cancelDeclaration,
  downloadGiftAidSchedule,
  giftAidDeclarationsKey,
  useDonationsConfig,
  useGiftAidDeclarations,
} from './donations-api';
import { Panel, PanelTitle } from '../../components/panel';
import { useFormAction } from '../../lib/form-outcome';
import { GiftAidCorrectionDialog } from './gift-aid-correction-dialog';
import { formatShortDate } from '../../lib/format';

type Declaration = z.infer<typeof giftAidDeclarationRecord>;

const declarantName = (d: Declaration) => [d.title, d.first_name, d.last_name].filter(Boolean).join(' ');

/** Today in London as YYYY-MM-DD, and the start of the current UK tax year (6 April). */
function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}
function taxYearStartIso(today: string): string {
  const year = Number(today.slice(0, 4));
  const start = `${year}-04-06`;
  return today >= start ? start : `${year - 1}-04-06`;
}

/** The admin's Gift Aid page: the setting, the declarations and the HMRC schedule. */
export function GiftAidAdminPage() {
  const { t } = useSiteText();
  usePageTitle(t('gift_aid_admin.title'));
  const session = useSession();
  const admin = isAdmin(session);

  return (
    <>
      <PageBanner title="gift_aid_admin.title" intro="gift_aid_admin.intro" />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        {admin ? (
          <Stack spacing={3}>
            <SettingPanel />
            <DeclarationsPanel />
            <ExportPanel />
          </Stack>
        ) : (
          <Alert
            severity={session ? 'warning' : 'info'}
            action={
              !session && (
                <Button component={RouterLink} to="/signIn" color="inherit" size="small" startIcon={<LoginIcon />}>
                  {t('gift_aid_admin.sign_in_link')}
                </Button>
              )
            }
          >
            <SiteText k={session ? 'gift_aid_admin.forbidden' : 'gift_aid_admin.sign_in'} />
          </Alert>
        )}
      </Container>
    </>
  );
}

/** Whether donors are offered Gift Aid: the switch and the charity number live in Settings. */
function SettingPanel() {
  const { t } = useSiteText();
  const config = useDonationsConfig();
  return (
    <Panel labelledBy="gift-aid-setting">
      <PanelTitle id="gift-aid-setting" k="gift_aid_admin.setting_title" />
      {config.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={40} width={320} />
        </LoadingRegion>
      ) : config.isError ? (
        <LoadError message={t('error.generic')} error={config.error} onRetry={() => void config.refetch()} />
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Chip
            color={config.data.gift_aid_available ? 'success' : 'default'}
            label={config.data.gift_aid_available ? t('gift_aid_admin.state_on') : t('gift_aid_admin.state_off')}
          />
          {config.data.charity_number && (
            <Typography component="span" sx={{ color: 'text.secondary' }}>
              {t('gift_aid_admin.charity_number')}: <strong>{config.data.charity_number}</strong>
            </Typography>
          )}
          <Button component={RouterLink} to="/admin/settings#gift-aid" size="small" startIcon={<SettingsOutlinedIcon />}>
            {t('gift_aid_admin.in_settings')}
          </Button>
        </Box>
      )}
    </Panel>
  );
}

function DeclarationsPanel() {
  const { t, language } = useSiteText();
  const queryClient = useQueryClient();
  const declarations = useGiftAidDeclarations(true);
  // MUI's own useTheme: the site's theme under the MUI layout route, its default anywhere else
  // (useMediaQuery's callback gets null outside a theme provider, decision 081).
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [cancelling, setCancelling] = useState<Declaration | null>(null);
  const cancel = useMutation({
    mutationFn: (id: string) => cancelDeclaration(id),
    onSuccess: () => {
      setCancelling(null);
      void queryClient.invalidateQueries({ queryKey: giftAidDeclarationsKey });
    },
  });

  const [correcting, setCorrecting] = useState<Declaration | null>(null);
  const status = (d: Declaration) =>
    d.cancelled_at ? (
      <Chip size="small" label={t('gift_aid_admin.status.cancelled')} />
    ) : d.problems.length ? (
      <Chip size="small" color="error" variant="outlined" label={t('gift_aid_admin.status.needs_correcting')} />
    ) : d.donation_status === 'completed' ? (
      <Chip size="small" color="success" variant="outlined" label={t('gift_aid_admin.status.active')} />
    ) : (
      <Chip size="small" color="warning" variant="outlined" label={t('gift_aid_admin.status.pending')} />
    );

  const address = (d: Declaration) => `${d.house}, ${d.non_uk ? t('gift_aid_admin.non_uk') : (d.postcode ?? '')}`;
  const covers = (d: Declaration) => t(d.past_and_future ? 'gift_aid_admin.past_and_future' : 'gift_aid_admin.this_only');
  const cancelButton = (d: Declaration, name: string) =>
    !d.cancelled_at && (
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {d.problems.length > 0 && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setCorrecting(d)}
            aria-label={`${t('gift_aid_admin.correct_action')} ${name}`}
          >
            {t('gift_aid_admin.correct')}
          </Button>
        )}
        <Button size="small" color="error" onClick={() => setCancelling(d)} aria-label={`${t('gift_aid_admin.cancel_action')}: ${name}`}>
          {t('gift_aid_admin.cancel')}
        </Button>
      </Stack>
    );

  return (
    <Panel labelledBy="gift-aid-declarations">
      <PanelTitle id="gift-aid-declarations" k="gift_aid_admin.declarations" />
      {declarations.isPending ? (
        <LoadingRegion>
          <Stack spacing={1}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={40} />
            ))}
          </Stack>
        </LoadingRegion>
      ) : declarations.isError ? (
        <LoadError message={t('error.generic')} error={declarations.error} onRetry={() => void declarations.refetch()} />
      ) : declarations.data.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          <SiteText k="gift_aid_admin.none" />
        </Typography>
      ) : narrow ? (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {declarations.data.map((d) => {
            const name = declarantName(d);
            return (
              <Box
                component="li"
                key={d._id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, bgcolor: d.cancelled_at ? 'action.hover' : undefined }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{name}</Typography>
                  <Typography sx={{ fontWeight: 700 }}>{formatPence(d.amount, language)}</Typography>
                </Box>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                  {address(d)}
                  <br />
                  {formatShortDate(d.declared_at, language)} · {covers(d)}
                </Typography>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 1 }}>
                  {status(d)}
                  {cancelButton(d, name)}
                </Box>
              </Box>
            );
          })}
        </Box>
      ) : (
        <TableContainer tabIndex={0} aria-labelledby="gift-aid-declarations">
          <Table size="small" sx={{ minWidth: 760, '& td, & th': { verticalAlign: 'top' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('gift_aid_admin.col.name')}</TableCell>
                <TableCell>{t('gift_aid_admin.col.address')}</TableCell>
                <TableCell align="right">{t('gift_aid_admin.col.amount')}</TableCell>
                <TableCell>{t('gift_aid_admin.col.date')}</TableCell>
                <TableCell>{t('gift_aid_admin.col.covers')}</TableCell>
                <TableCell>{t('gift_aid_admin.col.status')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('gift_aid_admin.col.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {declarations.data.map((d) => {
                const name = declarantName(d);
                return (
                  <TableRow key={d._id} sx={{ bgcolor: d.cancelled_at ? 'action.hover' : undefined }}>
                    <TableCell sx={{ fontWeight: 600 }}>{name}</TableCell>
                    <TableCell>{address(d)}</TableCell>
                    <TableCell align="right">{formatPence(d.amount, language)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(d.declared_at, language)}</TableCell>
                    <TableCell>{covers(d)}</TableCell>
                    <TableCell>{status(d)}</TableCell>
                    <TableCell align="right">{cancelButton(d, name)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {correcting && <GiftAidCorrectionDialog declaration={correcting} onClose={() => setCorrecting(null)} />}
      <ConfirmDialog
        open={cancelling !== null}
        question={t('gift_aid_admin.cancel_confirm')}
        details={cancelling ? `${cancelling.first_name} ${cancelling.last_name}, ${formatPence(cancelling.amount, language)}` : undefined}
        confirmLabel={t('gift_aid_admin.cancel_action')}
        pending={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error, t('error.generic')) : null}
        onConfirm={() => cancelling && cancel.mutate(cancelling._id)}
        onClose={() => {
          setCancelling(null);
          cancel.reset();
        }}
      />
    </Panel>
  );
}

function ExportPanel() {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const [today] = useState(todayIso);
  const [from, setFrom] = useState(() => taxYearStartIso(today));
  const [to, setTo] = useState(today);
  const rangeInvalid = Boolean(from && to && from > to);
  const download = useMutation({ mutationFn: () => downloadGiftAidSchedule(from, to) });
  // Said when Download is pressed, rather than a button that waits disabled.
  const [tried, setTried] = useState(false);
  const missing = (value: string) => (tried && !value ? t('gift_aid_admin.date_missing') : undefined);
  const declarations = useGiftAidDeclarations(true);
  const needCorrecting = (declarations.data ?? []).filter((d) => !d.cancelled_at && d.problems.length > 0).length;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!from || !to || rangeInvalid) return;
    download.mutate();
  }

  return (
    <Panel labelledBy="gift-aid-export">
      <PanelTitle id="gift-aid-export" k="gift_aid_admin.export_title" />
      <Typography sx={{ color: 'text.secondary', mb: 2.5, mt: -1 }}>
        <SiteText k="gift_aid_admin.export_intro" />
      </Typography>
      {needCorrecting > 0 && (
        <Alert severity="warning" sx={{ mb: 2.5 }}>
          {t('gift_aid_admin.left_out').replace('{count}', String(needCorrecting))}
        </Alert>
      )}
      <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            type="date"
            label={t('gift_aid_admin.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            required
            error={rangeInvalid || Boolean(missing(from))}
            helperText={rangeInvalid ? t('gift_aid_admin.range_invalid') : missing(from)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={t('gift_aid_admin.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            required
            error={rangeInvalid || Boolean(missing(to))}
            helperText={missing(to)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="contained" size="large" startIcon={<DownloadIcon />} loading={download.isPending} sx={{ py: 1.6 }}>
            {t('gift_aid_admin.download')}
          </Button>
        </Stack>
      </Box>
      {download.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(download.error, t('gift_aid_admin.download_failed'))}
        </Alert>
      )}
    </Panel>
  );
}
