import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SiteText } from '../components/site-text';
import { useSiteText } from '../lib/site-text';
import { usePageTitle } from '../lib/use-page-title';

export function NotFoundPage() {
  const { t } = useSiteText();
  usePageTitle(t('not_found.title'));
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography component="p" variant="h2" aria-hidden sx={{ fontSize: '4rem', mb: 1, color: 'secondary.dark' }}>
        404
      </Typography>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        <SiteText k="not_found.title" />
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        <SiteText k="error.not_found" />
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeIcon />}>
        <SiteText k="error.back_home" />
      </Button>
    </Container>
  );
}
