import Box from '@mui/material/Box';
import { eventDayBadge } from '../../lib/format';

/** A tear-off calendar page: weekday, day and month. Decorative; the full date is written beside it. */
export function EventDateBadge({ date, size = 'large' }: { date: string; size?: 'large' | 'small' }) {
  const { weekday, day, month } = eventDayBadge(date);
  const large = size === 'large';
  return (
    <Box
      aria-hidden
      sx={{
        flexShrink: 0,
        width: large ? 76 : 60,
        borderRadius: 2,
        overflow: 'hidden',
        textAlign: 'center',
        border: 1,
        borderColor: 'rgba(11, 79, 108, 0.25)',
        bgcolor: 'background.paper',
        lineHeight: 1,
      }}
    >
      <Box
        sx={{
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontSize: large ? '0.75rem' : '0.68rem',
          fontWeight: 700,
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          py: 0.5,
        }}
      >
        {weekday}
      </Box>
      <Box
        sx={{
          fontFamily: 'Georgia, "Times New Roman", serif',
          fontWeight: 700,
          fontSize: large ? '1.9rem' : '1.5rem',
          pt: 0.75,
          color: 'primary.dark',
        }}
      >
        {day}
      </Box>
      <Box
        sx={{
          fontSize: large ? '0.8rem' : '0.72rem',
          fontWeight: 600,
          textTransform: 'uppercase',
          color: 'text.secondary',
          pb: 0.75,
          pt: 0.25,
        }}
      >
        {month}
      </Box>
    </Box>
  );
}
