import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import type { MemberDetail } from '../../../shared/api/admin';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { Panel } from '../../components/panel';
import { ApiError } from '../../lib/api';
import { useWords } from '../../lib/words';
import { useMember } from './admin-api';
import { memberStatusTones, personName } from './admin-labels';
import { adminWords } from './admin-words';
import { MemberAccount } from './member-account';
import { MemberInvitation } from './member-invitation';
import { AdminSection } from './admin-section';
import type { MemberLinkState } from './members-page';
import { membersWords } from './members-words';
import { PaymentReviews } from './payment-review';
import { PaymentsTable } from './payments-table';
import { RecordRenewalForm } from './record-renewal-form';
import { RoleControl } from './role-control';
import { StatusChip } from './status-chip';
import { useFormats } from './use-formats';

/** One member: details, role, a payment received by hand, and payments. */
export function MemberPage() {
  const w = useWords(membersWords);
  const { id = '' } = useParams();
  const member = useMember(id);
  const state = useLocation().state as MemberLinkState | null;
  const listSearch = state?.listSearch ?? '';
  const title = member.data ? personName(member.data) : w.member;

  return (
    <AdminSection
      title={title}
      intro={member.data?.email}
      actions={
        <Button component={RouterLink} to={`/admin/members${listSearch}`} startIcon={<ArrowBackIcon />}>
          {w.allMembers}
        </Button>
      }
    >
      {member.isPending ? (
        <LoadingRegion>
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={220} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        </LoadingRegion>
      ) : member.isError ? (
        member.error instanceof ApiError && member.error.status === 404 ? (
          <Alert severity="warning">{w.notFound}</Alert>
        ) : (
          <LoadError message={w.memberLoadFailed} error={member.error} onRetry={() => void member.refetch()} />
        )
      ) : (
        <Stack spacing={3}>
          <PaymentReviews member={member.data} />
          <MemberDetails member={member.data} />
          <MemberAccount member={member.data} />
          <Panel labelledBy="member-sign-in">
            <SectionTitle id="member-sign-in">{w.signInTitle}</SectionTitle>
            <MemberInvitation member={member.data} />
          </Panel>
          <Panel labelledBy="member-role">
            <SectionTitle id="member-role">{w.role}</SectionTitle>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>{w.roleExplained}</Typography>
            <RoleControl person={member.data} />
          </Panel>
          <Panel labelledBy="member-record-payment">
            <SectionTitle id="member-record-payment">{w.recordTitle}</SectionTitle>
            {/* Keyed by member: another member's page starts with a fresh form. */}
            <RecordRenewalForm key={member.data._id} member={member.data} />
          </Panel>
          <Panel labelledBy="member-payments">
            <SectionTitle id="member-payments">{w.paymentsTitle}</SectionTitle>
            <PaymentsTable payments={member.data.payments} label={w.paymentsOf(personName(member.data))} />
          </Panel>
        </Stack>
      )}
    </AdminSection>
  );
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} variant="h3" sx={{ fontSize: '1.25rem', mb: 2, color: 'primary.dark' }}>
      {children}
    </Typography>
  );
}

function MemberDetails({ member }: { member: MemberDetail }) {
  const w = useWords(membersWords);
  const labels = useWords(adminWords);
  const format = useFormats();
  const notGiven = w.notGiven;
  const calendarDate = (date: string | null) => (date ? format.longDate(date) : notGiven);
  const address = [member.addr_line1, member.addr_line2, member.addr_city, member.addr_post].filter(Boolean);
  const details: [string, ReactNode][] = [
    [w.name, personName(member)],
    [w.email, <Link href={`mailto:${member.email}`}>{member.email}</Link>],
    [w.phone, member.phone_no ? <Link href={`tel:${member.phone_no.replace(/\s+/g, '')}`}>{member.phone_no}</Link> : notGiven],
    [w.address, address.length ? address.map((line, i) => <Box key={i}>{line}</Box>) : notGiven],
    [w.tier, member.tier_name ? format.tierNamed(member.tier_name) : w.noTier],
    [w.status, <StatusChip label={labels.memberStatus[member.status]} tone={memberStatusTones[member.status]} />],
    [w.memberSince, calendarDate(member.registered_date)],
    [w.currentYearFrom, calendarDate(member.last_renewed_date)],
    [w.expiry, calendarDate(member.expiry_date)],
    [w.workplace, member.workplace || notGiven],
    [w.jobTitle, member.job_title || notGiven],
    [w.qualifications, member.qualifications || notGiven],
    [w.graduationYear, member.grad_year ?? notGiven],
    [w.accountCreated, format.dateTime(member.created_at)],
  ];
  return (
    <Panel labelledBy="member-details">
      <SectionTitle id="member-details">{w.details}</SectionTitle>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 4,
          rowGap: { xs: 0.5, sm: 1.25 },
          '& dt': { color: 'text.secondary', fontWeight: 600, mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {details.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </Panel>
  );
}
