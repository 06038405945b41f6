import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import EventIcon from '@mui/icons-material/Event';
import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { ThanksCard } from '../../components/thanks-card';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { useSettleOnReturn } from '../../components/card-payment/payments-api';
import { clearRegistration } from './flow-storage';
import { RegisterSteps } from './membership-layout';

export function RegisterThanksPage() {
  const { t } = useSiteText();
  usePageTitle(t('register.thanks.title'));
  // Also the return address of a card check that left the site (SPEC section 7).
  const settling = useSettleOnReturn();
  useEffect(() => {
    if (!settling) clearRegistration();
  }, [settling]);

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
