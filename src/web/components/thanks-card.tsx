import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { SiteText } from './site-text';

/** The closing card of a flow: an icon, the page's h1, a line of thanks and what to do next. */
export function ThanksCard({
  icon,
  title,
  body,
  children,
}: {
  icon: ReactNode;
  title: SiteTextKey;
  body: SiteTextKey;
  children: ReactNode;
}) {
  return (
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
        {icon}
      </Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' }, mb: 2 }}>
        <SiteText k={title} />
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto', mb: 4, fontSize: '1.05rem' }}>
        <SiteText k={body} />
      </Typography>
      {children}
    </Paper>
  );
}
