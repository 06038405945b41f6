import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useSiteText } from '../../lib/site-text';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * The bar across the top of the page while a page's code loads: the look of MUI's indeterminate
 * LinearProgress in a few lines, since the layout (and so every first load) carries it and
 * LinearProgress is 2 KiB gzip. Still, without motion for those who ask for less.
 */
export function PageLoadingBar() {
  const { t } = useSiteText();
  return (
    <Box
      role="progressbar"
      aria-label={t('loading')}
      sx={{ position: 'relative', height: 4, overflow: 'hidden', bgcolor: 'secondary.light' }}
    >
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'secondary.main',
          animation: `${slide} 1.4s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.6 },
        }}
      />
    </Box>
  );
}
