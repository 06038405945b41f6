import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { createContext, useContext, type ReactNode } from 'react';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { SiteText } from './site-text';

const InsideBanner = createContext(false);

/**
 * Wraps pages shown under another page's banner (the admin back office around Gift Aid): their
 * own banner becomes a plain section heading, so the page keeps one h1 and one band.
 */
export function UnderBanner({ children }: { children: ReactNode }) {
  return <InsideBanner value>{children}</InsideBanner>;
}

type BannerProps = {
  title?: SiteTextKey;
  intro?: SiteTextKey | null;
  children?: ReactNode;
  maxWidth?: 'md' | 'lg';
};

/** The coloured band at the top of an inner page; with `title` it holds the page's one h1. */
export function PageBanner({ title, intro, children, maxWidth = 'lg' }: BannerProps) {
  if (useContext(InsideBanner)) {
    return (
      <Container maxWidth={maxWidth} sx={{ pt: { xs: 3, md: 4 } }}>
        {title && (
          <Typography variant="h2" sx={{ fontSize: '1.75rem', color: 'primary.dark', mb: intro || children ? 1 : 0 }}>
            <SiteText k={title} />
          </Typography>
        )}
        {intro && (
          <Typography sx={{ color: 'text.secondary', maxWidth: 760 }}>
            <SiteText k={intro} />
          </Typography>
        )}
        {children}
      </Container>
    );
  }
  return (
    <Box
      sx={{
        color: 'common.white',
        background:
          'radial-gradient(circle at 85% 20%, rgba(242, 163, 65, 0.18) 0, transparent 40%),' +
          'linear-gradient(135deg, #073449 0%, #0b4f6c 70%, #0d5d7f 100%)',
      }}
    >
      <Container maxWidth={maxWidth} sx={{ py: { xs: 4, md: 6 } }}>
        {title && (
          <Typography variant="h1" sx={{ mb: intro || children ? 1.5 : 0 }}>
            <SiteText k={title} />
          </Typography>
        )}
        {intro && (
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.15rem' }, color: 'rgba(255, 255, 255, 0.92)', maxWidth: 720 }}>
            <SiteText k={intro} />
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
