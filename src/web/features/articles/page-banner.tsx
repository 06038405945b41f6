import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';

/** The coloured band at the top of the news and article pages, like the other pages of the site. */
export function PageBanner({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        color: 'common.white',
        background:
          'radial-gradient(circle at 85% 20%, rgba(242, 163, 65, 0.18) 0, transparent 40%),' +
          'linear-gradient(135deg, #073449 0%, #0b4f6c 70%, #0d5d7f 100%)',
      }}
    >
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        {children}
      </Container>
    </Box>
  );
}
