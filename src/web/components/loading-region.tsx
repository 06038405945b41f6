import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useSiteText } from '../lib/site-text';

/** Read by assistive technology, not shown. Lengths are strings: sx reads 1 as 100%. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * Skeletons while something loads: hidden from assistive technology, which hears "Loading"
 * instead of a row of empty shapes.
 */
export function LoadingRegion({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  const { t } = useSiteText();
  return (
    <Box role="status" aria-busy="true" sx={sx}>
      <Box component="span" sx={visuallyHidden}>
        {t('loading')}
      </Box>
      <Box aria-hidden sx={{ display: 'contents' }}>
        {children}
      </Box>
    </Box>
  );
}
