import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { SiteText } from './site-text';

/** A home section's heading: the accent bar and an h2 whose id labels the section. */
export function SectionHeading({
  id,
  k,
  barMargin = 0,
  spacing = 3,
}: {
  id: string;
  k: SiteTextKey;
  /** Horizontal margin of the accent bar: 'auto' centres it with centred text. */
  barMargin?: number | string | Record<string, number | string>;
  spacing?: number;
}) {
  return (
    <>
      <Box aria-hidden sx={{ width: 56, height: 4, bgcolor: 'secondary.main', borderRadius: 2, mb: 2, mx: barMargin }} />
      <Typography id={id} variant="h2" sx={{ mb: spacing, color: 'primary.dark' }}>
        <SiteText k={k} />
      </Typography>
    </>
  );
}
