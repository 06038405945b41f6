import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import EventIcon from '@mui/icons-material/Event';
import LoginIcon from '@mui/icons-material/Login';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { SiteText } from '../../components/site-text';
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
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, borderRadius: 3, textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 2.5,
            borderRadius: '50%',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
          }}
        >
          <CelebrationOutlinedIcon fontSize="large" />
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' }, mb: 2 }}>
          <SiteText k="register.thanks.title" />
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto', mb: 4, fontSize: '1.05rem' }}>
          <SiteText k="register.thanks.body" />
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to="/signIn" variant="contained" size="large" startIcon={<LoginIcon />}>
            {t('register.thanks.sign_in')}
          </Button>
          <Button component={RouterLink} to="/events" variant="outlined" size="large" startIcon={<EventIcon />}>
            {t('register.thanks.events')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
