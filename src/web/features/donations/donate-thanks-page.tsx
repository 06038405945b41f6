import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router';
import { PaymentReturnNotice } from '../../components/card-payment/payment-return-notice';
import { useCompletedFlow, useSettleOnReturn } from '../../components/card-payment/payments-api';
import { ThanksCard } from '../../components/thanks-card';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';

/** docs/product.md: donation received, with a link back home. */
export function DonateThanksPage() {
  const { t } = useSiteText();
  usePageTitle(t('donate.thanks.title'));
  // Also the return address of a card check that left the site (docs/product.md section 7).
  const settling = useSettleOnReturn();
  const completed = useCompletedFlow();

  // Opened from a bookmark or typed in: nothing was completed here, so nothing is confirmed.
  if (!settling && !completed) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
        <PaymentReturnNotice />
        <ThanksCard icon={<InfoOutlinedIcon fontSize="large" />} title="donate.thanks.neutral_title" body="donate.thanks.neutral_body">
          <Button component={RouterLink} to="/donate" variant="contained" size="large">
            {t('donate.thanks.neutral_donate')}
          </Button>
        </ThanksCard>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <ThanksCard icon={<FavoriteBorderIcon fontSize="large" />} title="donate.thanks.title" body="donate.thanks.body">
        <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeOutlinedIcon />}>
          {t('donate.thanks.home')}
        </Button>
      </ThanksCard>
    </Container>
  );
}
