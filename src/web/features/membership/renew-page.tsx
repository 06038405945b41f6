import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PAGE } from '../../../shared/domain/page-paths';
import { tierByIndex } from '../../../shared/domain/tiers';
import { FormOutcomeMessage } from '../../components/form-outcome-message';
import { useFormAction, useFormOutcome } from '../../lib/form-outcome';
import { LoadingRegion } from '../../components/loading-region';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { PageBanner } from '../../components/page-banner';
import { saveRenew } from './flow-storage';
import { readRenew } from './flow-storage-schemas';
import { renewProceed, useMemberInfo } from './membership-api';
import { Panel } from '../../components/panel';
import { TierPicker } from './tier-picker';
import { AutoRenewCheckbox } from './auto-renew/auto-renew-checkbox';

export function RenewPage() {
  // The page's own address, in its language (decision 150).
  const pageAction = useFormAction();
  const { t } = useSiteText();
  usePageTitle(t('renew.title'));
  const session = useSession();
  const navigate = useNavigate();
  const info = useMemberInfo();
  const [stored] = useState(readRenew);
  // Sent before the script took the form over, the choice came back to be sent again (decision 085).
  const outcome = useFormOutcome('renew');
  const posted = Number(outcome?.values?.tier_index ?? Number.NaN);
  const [chosen, setChosen] = useState<number | null>(Number.isInteger(posted) ? posted : (stored?.tier_index ?? null));
  const [showError, setShowError] = useState(Boolean(outcome?.fields?.tier_index));
  const [autoRenew, setAutoRenew] = useState(outcome?.values ? outcome.values.auto_renew !== undefined : (stored?.auto_renew ?? false));

  // docs/product.md: preselected from the stored step-one choice, else the member's current tier.
  const memberTier = info.data?.tier_index ?? null;
  const tierIndex = chosen ?? (memberTier !== null && tierByIndex(memberTier) ? memberTier : null);

  // A free tier is never charged, so it cannot renew automatically (decision 140).
  const paidTier = tierIndex !== null && (tierByIndex(tierIndex)?.pence ?? 0) > 0;
  const proceed = useMutation({
    mutationFn: (index: number) => renewProceed(index, paidTier && autoRenew),
    onSuccess: (answer, index) => {
      saveRenew({ tier_index: index, auto_renew: autoRenew, proceed: answer });
      void navigate(PAGE.renewPay);
    },
    // docs/product.md: a failed proceed alerts and stays on /renew.
    onError: (error) => window.alert(errorMessage(error, t('pay.unexpected'))),
  });

  if (!session) return <Navigate to={PAGE.signIn} replace />;
  // The admin runs the site and holds no membership: nothing to renew.
  if (session.role === 'admin') return <Navigate to={PAGE.profile} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    // docs/product.md: continuing is blocked with no tier chosen.
    if (tierIndex === null) {
      setShowError(true);
      return;
    }
    saveRenew({ tier_index: tierIndex, auto_renew: autoRenew });
    proceed.mutate(tierIndex);
  }

  return (
    <>
      <PageBanner title="renew.title" intro="renew.intro" />
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Box component="form" method="post" action={pageAction} noValidate onSubmit={submit}>
          <Stack spacing={3}>
            {!showError && <FormOutcomeMessage outcome={outcome} />}
            <Panel>
              {info.isPending && chosen === null ? (
                <LoadingRegion>
                  <Stack spacing={1.5}>
                    <Skeleton width={220} height={36} />
                    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
                      <Skeleton variant="rounded" height={96} />
                      <Skeleton variant="rounded" height={96} />
                      <Skeleton variant="rounded" height={96} />
                    </Box>
                  </Stack>
                </LoadingRegion>
              ) : (
                <TierPicker
                  label={t('register.tier')}
                  value={tierIndex}
                  onChange={(index) => {
                    setChosen(index);
                    setShowError(false);
                  }}
                  error={showError && tierIndex === null ? t('renew.choose_tier') : undefined}
                />
              )}
              {paidTier && (
                <Box sx={{ mt: 2 }}>
                  <AutoRenewCheckbox checked={autoRenew} onChange={setAutoRenew} error={outcome?.fields?.auto_renew} />
                </Box>
              )}
            </Panel>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                loading={proceed.isPending}
                endIcon={<ArrowForwardIcon />}
                sx={{ py: 1.3, px: 4, width: { xs: '100%', sm: 'auto' } }}
              >
                {t('renew.continue')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Container>
    </>
  );
}
