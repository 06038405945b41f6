import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useContext, useEffect } from 'react';
import { RouteErrorContext } from './browser-routes';
import { useSiteText } from '../lib/site-text';
import { usePageTitle } from '../lib/use-page-title';

/** Shown when a page fails to render or its code cannot load (for example after a new release). */
export function RouteErrorPage() {
  const error = useContext(RouteErrorContext);
  const { t } = useSiteText();
  usePageTitle(t('error.title'));
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Container component="section" maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
        {t('error.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        {t('error.generic')}
      </Typography>
      <Button variant="contained" size="large" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </Container>
  );
}
