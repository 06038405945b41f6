import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { SiteText } from '../../components/site-text';

/** The centred card of the account pages, matching the sign-in page: icon, h1, a line, content. */
export function AccountCard({
  icon,
  title,
  subtitle,
  children,
}: {
  icon: ReactNode;
  title: SiteTextKey;
  subtitle?: SiteTextKey;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 9 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3 }}>
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 4 }}>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 56,
              height: 56,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              mb: 1,
            }}
          >
            {icon}
          </Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.2rem' } }}>
            <SiteText k={title} />
          </Typography>
          {subtitle && (
            <Typography color="textSecondary">
              <SiteText k={subtitle} />
            </Typography>
          )}
        </Stack>
        {children}
      </Paper>
    </Container>
  );
}
