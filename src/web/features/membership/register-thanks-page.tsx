import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import EventIcon from '@mui/icons-material/Event';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { ThanksCard } from '../../components/thanks-card';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { useCompletedFlow, useSettleOnReturn } from '../../components/card-payment/payments-api';
import { clearRegistration } from './flow-storage';
import { RegisterSteps } from './membership-layout';

export function RegisterThanksPage() {
  const { t } = useSiteText();
  usePageTitle(t('register.thanks.title'));
  // Also the return address of a card check that left the site (SPEC section 7).
  const settling = useSettleOnReturn();
  const completed = useCompletedFlow();
  useEffect(() => {
    if (!settling && completed) clearRegistration();
  }, [settling, completed]);

  // Opened from a bookmark or typed in: nothing was completed here, so nothing is confirmed.
  if (!settling && !completed) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
        <ThanksCard icon={<InfoOutlinedIcon fontSize="large" />} title="register.thanks.neutral_title" body="register.thanks.neutral_body">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/register" variant="contained" size="large">
              {t('register.thanks.neutral_join')}
            </Button>
            <Button component={RouterLink} to="/signIn" variant="outlined" size="large" startIcon={<LoginIcon />}>
              {t('register.thanks.sign_in')}
            </Button>
          </Stack>
        </ThanksCard>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <RegisterSteps active={3} />
      <ThanksCard icon={<CelebrationOutlinedIcon fontSize="large" />} title="register.thanks.title" body="register.thanks.body">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to="/signIn" variant="contained" size="large" startIcon={<LoginIcon />}>
            {t('register.thanks.sign_in')}
          </Button>
          <Button component={RouterLink} to="/events" variant="outlined" size="large" startIcon={<EventIcon />}>
            {t('register.thanks.events')}
          </Button>
        </Stack>
      </ThanksCard>
    </Container>
  );
}
