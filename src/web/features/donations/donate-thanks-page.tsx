import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useSettleOnReturn } from '../../components/card-payment/payments-api';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';

/** SPEC: donation received, with a link back home. */
export function DonateThanksPage() {
  const { t } = useSiteText();
  usePageTitle(t('donate.thanks.title'));
  // Also the return address of a card check that left the site (SPEC section 7).
  useSettleOnReturn();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
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
          <FavoriteBorderIcon fontSize="large" />
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' }, mb: 2 }}>
          <SiteText k="donate.thanks.title" />
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto', mb: 4, fontSize: '1.05rem' }}>
          <SiteText k="donate.thanks.body" />
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeOutlinedIcon />}>
          {t('donate.thanks.home')}
        </Button>
      </Paper>
    </Container>
  );
}
