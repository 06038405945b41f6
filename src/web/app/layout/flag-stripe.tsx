import Box from '@mui/material/Box';
import { flagColours } from '../theme';

/** A thin band of the Armenian flag's colours; decoration only. */
export function FlagStripe({ height = 4 }: { height?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        height,
        background: `linear-gradient(90deg, ${flagColours.red} 0 33.33%, ${flagColours.blue} 33.33% 66.66%, ${flagColours.apricot} 66.66% 100%)`,
      }}
    />
  );
}
