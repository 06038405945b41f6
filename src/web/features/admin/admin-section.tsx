import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title';
import { useWords } from '../../lib/words';
import { adminWords } from './admin-words';

/**
 * One page of the back office under the "Admin" banner: its heading (h2, the banner holds the
 * h1), an optional intro and actions such as Export CSV, then the content.
 */
export function AdminSection({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(`${title} – ${useWords(adminWords).titleSuffix}`);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', mb: 3 }}>
        <Box sx={{ minWidth: 0, flex: '1 1 420px' }}>
          <Typography variant="h2" sx={{ fontSize: '1.75rem', color: 'primary.dark' }}>
            {title}
          </Typography>
          {intro && <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: 760 }}>{intro}</Typography>}
        </Box>
        {actions}
      </Box>
      {children}
    </Container>
  );
}

/** A row of filters that wraps on narrow screens; `label` names the search landmark. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="search" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2.5 }}>
      {children}
    </Box>
  );
}
