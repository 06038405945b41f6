import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SiteText } from '../../components/site-text';

/** SPEC's empty state: "No upcoming events", "Please check back later". */
export function NoUpcomingEvents({ compact = false }: { compact?: boolean }) {
  return (
    <Paper
      variant="outlined"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: compact ? 4 : 6,
        px: 3,
        borderRadius: 3,
        borderStyle: 'dashed',
        bgcolor: 'transparent',
      }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 56,
          height: 56,
          borderRadius: '50%',
          bgcolor: 'rgba(11, 79, 108, 0.08)',
          color: 'primary.main',
          mb: 1,
        }}
      >
        <EventBusyOutlinedIcon />
      </Box>
      <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.15rem', color: 'text.primary' }}>
        <SiteText k="events.none" />
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        <SiteText k="events.check_back" />
      </Typography>
    </Paper>
  );
}
