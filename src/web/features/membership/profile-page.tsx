import AutorenewIcon from '@mui/icons-material/Autorenew';
import LogoutIcon from '@mui/icons-material/Logout';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import type { MemberInfo } from '../../../shared/api/membership';
import { londonDate } from '../../../shared/domain/london-time';
import { currentPeriod, daysBetween, expiryDate, expiryText, needsRenewal } from '../../../shared/domain/membership';
import { tierByIndex } from '../../../shared/domain/tiers';
import { useTierText } from '../../lib/tier-text';
import { LoadingRegion } from '../../components/loading-region';
import { PageBanner } from '../../components/page-banner';
import { SiteText } from '../../components/site-text';
import { clearSession, useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { useSiteText } from '../../lib/site-text';
import { useNow } from '../../lib/use-now';
import { usePageTitle } from '../../lib/use-page-title';
import { PaymentReturnNotice } from '../../components/card-payment/payment-return-notice';
import { useSettleOnReturn } from '../../components/card-payment/payments-api';
import { AdminGuide } from './admin-guide';
import { useMemberInfo } from './membership-api';
import { formatLongDate } from './membership-format';
import { Panel, PanelTitle } from '../../components/panel';
import { DetailsSection } from './account/details-section';
import { EmailSection } from './account/email-section';
import { NameSection } from './account/name-section';
import { LanguageSection } from './account/language-section';
import { PasswordSection } from './account/password-section';
import { PaymentsSection } from './account/payments-section';
import { BookingsSection } from './account/bookings-section';
import { PrivacySection } from './account/privacy-section';
import { EmailChoicesSection } from './account/email-choices-section';
import { AutoRenewSection } from './auto-renew/auto-renew-section';
import { MonthlyGiftsSection } from './account/monthly-gifts-section';

export function ProfilePage() {
  const { t } = useSiteText();
  usePageTitle(t('profile.title'));
  const session = useSession();
  // /profile#renewed is also the return address of a renewal's card check (docs/product.md section 7).
  const settling = useSettleOnReturn();
  const info = useMemberInfo({ enabled: !settling });

  // docs/product.md: if the member-info call fails, the session is cleared and the user goes to /signIn.
  const failed = info.isError;
  useEffect(() => {
    if (failed) clearSession();
  }, [failed]);

  if (!session || failed) return <Navigate to="/signIn" replace />;

  const data = info.data;
  const admin = session.role === 'admin' || data?.role === 'admin' || (data !== undefined && data.tier_index === null);

  return (
    <>
      <PageBanner title="profile.title">
        <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.15rem' }, color: 'rgba(255, 255, 255, 0.92)', minHeight: '1.6em' }}>
          {data ? (
            <>
              {t('profile.welcome')}, {/* The admin's own full name; a member is greeted by first name. */}
              <span data-testid="profile-first-name">{admin ? `${data.first_name} ${data.last_name}`.trim() : data.first_name}</span>
            </>
          ) : (
            <Skeleton aria-hidden width={200} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} />
          )}
        </Typography>
      </PageBanner>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        {!data ? (
          <ProfileSkeleton />
        ) : admin ? (
          <Stack spacing={3}>
            <AdminGuide />
            <NameSection firstName={data.first_name} lastName={data.last_name} />
            <SignInSections email={data.email} />
          </Stack>
        ) : (
          <Stack spacing={3}>
            <PaymentReturnNotice />
            <MemberProfile info={data} />
            <AutoRenewSection member={data} />
            <MonthlyGiftsSection />
            <BookingsSection />
            <PaymentsSection />
            <DetailsSection />
            <LanguageSection current={data.language} />
            <SignInSections email={data.email} />
            <EmailChoicesSection />
            <PrivacySection />
          </Stack>
        )}
      </Container>
    </>
  );
}

export function MemberProfile({ info }: { info: MemberInfo }) {
  const { t, language } = useSiteText();
  const tierText = useTierText();
  const { hash } = useLocation();
  const now = useNow();
  const renewed = hash === '#renewed';
  const tier = info.tier_index === null ? undefined : tierByIndex(info.tier_index);
  const expiry = info.last_renewed_date ? expiryDate(info.last_renewed_date) : null;
  const daysLeft = expiry ? daysBetween(londonDate(now), expiry) : null;
  const status =
    daysLeft === null
      ? null
      : expiryText(daysLeft, {
          expired: t('profile.expiry.expired'),
          today: t('profile.expiry.today'),
          tomorrow: t('profile.expiry.tomorrow'),
          inDays: t('profile.expiry.in_days'),
        });
  const warn = daysLeft !== null && needsRenewal(daysLeft);
  // The year running today, and a year already paid for ahead of it (an early renewal): never a
  // "last renewed" date that has not come yet.
  const today = londonDate(now);
  const current = currentPeriod(info.last_renewed_date, today);
  const ahead = info.last_renewed_date && info.last_renewed_date > today ? { start: info.last_renewed_date, end: expiry! } : null;

  return (
    <Stack spacing={3}>
      {renewed ? (
        // docs/product.md: with #renewed a thanks banner replaces the renewal warning.
        <Alert severity="success" icon={<CheckCircleOutlineIcon />} data-testid="renewed-banner">
          <AlertTitle>
            <SiteText k="profile.renewed_title" />
          </AlertTitle>
          <SiteText k="profile.renewed_body" />
        </Alert>
      ) : (
        warn && (
          <Alert
            severity="warning"
            data-testid="renewal-warning"
            action={
              <Button component={RouterLink} to="/renew" variant="contained" color="primary" size="small" sx={{ whiteSpace: 'nowrap' }}>
                {t('profile.renew_now')}
              </Button>
            }
            sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
          >
            <AlertTitle>
              <SiteText k="profile.action_required" />
            </AlertTitle>
            {status}
          </Alert>
        )
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Panel labelledBy="profile-membership">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 1 }}>
            <PanelTitle id="profile-membership" k="profile.membership" />
            {daysLeft !== null && (
              <Chip
                label={daysLeft < 0 ? t('profile.status_expired') : t('profile.status_active')}
                color={daysLeft < 0 ? 'error' : 'success'}
                variant={daysLeft < 0 ? 'filled' : 'outlined'}
                size="small"
                sx={{ fontWeight: 600 }}
              />
            )}
          </Stack>
          <Box sx={{ mb: 3 }}>
            <Typography sx={{ fontFamily: 'Georgia, serif', fontSize: '1.35rem', fontWeight: 700, lineHeight: 1.3 }}>
              {tier ? tierText.name(tier.index) : '—'}
            </Typography>
            {tier && <Typography sx={{ color: 'text.secondary' }}>{tierText.price(tier.pence)}</Typography>}
          </Box>
          <Details
            rows={[
              { label: t('profile.member_since'), value: formatLongDate(info.registered_date, language) },
              ...(current
                ? [
                    {
                      label: t('profile.current_period'),
                      value: `${formatLongDate(current.start, language)} – ${formatLongDate(current.end, language)}`,
                      testId: 'profile-current-period',
                    },
                  ]
                : []),
              ...(ahead
                ? [
                    {
                      label: t('profile.next_period'),
                      value: `${formatLongDate(ahead.start, language)} – ${formatLongDate(ahead.end, language)}`,
                      testId: 'profile-next-period',
                    },
                  ]
                : []),
              {
                label: t(daysLeft !== null && daysLeft < 0 ? 'profile.ended' : 'profile.expires'),
                value: formatLongDate(expiry, language),
                testId: 'profile-expiry',
              },
            ]}
          />
          {status && (
            <Typography data-testid="expiry-text" sx={{ mt: 2.5, fontWeight: 600, color: warn ? '#8a4600' : 'success.dark' }}>
              {status}
            </Typography>
          )}
          {!warn && !renewed && (
            <Box sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: 'divider' }}>
              <Button component={RouterLink} to="/renew" variant="outlined" startIcon={<AutorenewIcon />}>
                {t('profile.renew_early')}
              </Button>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                <SiteText k="profile.renew_early_hint" />
              </Typography>
            </Box>
          )}
        </Panel>

        <Panel labelledBy="profile-details">
          <PanelTitle id="profile-details" k="profile.details" />
          <Details
            rows={[
              { label: t('profile.name'), value: `${info.first_name} ${info.last_name}`.trim() },
              { label: t('profile.email'), value: info.email },
            ]}
          />
          <Box sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: 'divider' }}>
            <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={() => void signOut(true)}>
              {t('profile.sign_out_everywhere')}
            </Button>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              <SiteText k="profile.sign_out_everywhere_hint" />
            </Typography>
          </Box>
        </Panel>
      </Box>
    </Stack>
  );
}

/** Password and e-mail: every account has them, the admin's too. */
function SignInSections({ email }: { email: string }) {
  return (
    <>
      <SecurityLink />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' }, alignItems: 'start' }}>
        <PasswordSection />
        <EmailSection current={email} />
      </Box>
    </>
  );
}

/** Passkeys, the authenticator app and the sessions have their own page (/profile/security). */
function SecurityLink() {
  const { t } = useSiteText();
  return (
    <Panel labelledBy="profile-security">
      <PanelTitle id="profile-security" k="profile.security_title" />
      <Typography sx={{ mb: 2 }}>
        <SiteText k="profile.security_intro" />
      </Typography>
      <Button component={RouterLink} to="/profile/security" variant="outlined">
        {t('profile.security_open')}
      </Button>
    </Panel>
  );
}

function Details({ rows }: { rows: { label: string; value: string; testId?: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(160px, 1fr))' } }}
    >
      {rows.map((row) => (
        <div key={row.label}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {row.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={row.testId}>
            {row.value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

function ProfileSkeleton() {
  return (
    <LoadingRegion>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' } }}>
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={180} />
      </Box>
    </LoadingRegion>
  );
}
