import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useEffect, useState } from 'react';
import type { EventBookingRow } from '../../../../shared/api/event-admin';
import { londonDate } from '../../../../shared/domain/london-time';
import { useWords } from '../../../lib/words';
import { useFormats } from '../use-formats';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api';
import { SEARCH_DEBOUNCE_MS } from '../search-field';
import { useEventBookings, useMarkAttendance } from './event-admin-api';
import { eventAdminWords } from './event-admin-words';

/** As many as one request brings; more narrow down by typing. */
const SHOWN = 100;

const matches = (booking: EventBookingRow, text: string) => {
  const wanted = text.trim().toLowerCase();
  return !wanted || booking.name.toLowerCase().includes(wanted) || booking.email.toLowerCase().includes(wanted);
};

/**
 * Check-in at the door, made for a phone: a search box that narrows the confirmed bookings as
 * you type (at once among those loaded; the server is asked again when typing pauses), and one
 * large button per person that checks them in, or takes it back, with one tap.
 */
export function CheckInList({ eventId }: { eventId: string }) {
  const w = useWords(eventAdminWords);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const pending = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(pending);
  }, [text]);
  const bookings = useEventBookings(eventId, { status: 'confirmed', q: search, page: 1, page_size: SHOWN });
  const typed = useDeferredValue(text);
  const shown = bookings.data?.items.filter((booking) => matches(booking, typed)) ?? [];
  const facts = bookings.data?.event;
  // The server refuses marks before the event's day (a certificate for an event not yet held).
  const tooEarly = facts !== undefined && londonDate(new Date()) < londonDate(new Date(facts.date));

  return (
    <Box>
      {tooEarly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {w.checkInOpens}
        </Alert>
      )}
      {facts && (
        <Typography role="status" sx={{ mb: 2, fontWeight: 600 }}>
          {w.checkedInCount(facts.attended, facts.confirmed)}
        </Typography>
      )}
      <TextField
        type="search"
        label={w.find}
        value={text}
        onChange={(event) => setText(event.target.value)}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: 200, autoComplete: 'off', autoCapitalize: 'none', enterKeyHint: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 2, '& input': { minHeight: 32, fontSize: '1.125rem' } }}
      />
      {bookings.isFetching && <LinearProgress aria-label={w.looking} sx={{ mb: 1 }} />}
      {bookings.isError ? (
        <LoadError message={w.bookingsFailed} error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : bookings.data && shown.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{typed.trim() ? w.nobodyMatches(typed.trim()) : w.nobodyConfirmed}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} aria-label={w.confirmedBookings} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((booking) => (
            <CheckInRow key={booking._id} booking={booking} />
          ))}
        </Stack>
      )}
      {bookings.data && bookings.data.total > SHOWN && !typed.trim() && (
        <Typography sx={{ color: 'text.secondary', mt: 2 }}>{w.showingOf(SHOWN, bookings.data.total)}</Typography>
      )}
    </Box>
  );
}

function CheckInRow({ booking }: { booking: EventBookingRow }) {
  const w = useWords(eventAdminWords);
  const { dateTime } = useFormats();
  const mark = useMarkAttendance();
  // The answer shows at once; the list's own refetch follows.
  const attendedAt = mark.data ? mark.data.attended_at : booking.attended_at;
  const attended = attendedAt !== null;
  return (
    <Box component="li">
      <Button
        fullWidth
        aria-pressed={attended}
        variant={attended ? 'contained' : 'outlined'}
        color={attended ? 'success' : 'primary'}
        loading={mark.isPending}
        loadingPosition="start"
        startIcon={attended ? <CheckCircleIcon /> : <RadioButtonUncheckedIcon />}
        onClick={() => mark.mutate({ bookingId: booking._id, attended: !attended })}
        sx={{
          minHeight: 64,
          justifyContent: 'flex-start',
          textAlign: 'left',
          textTransform: 'none',
          px: 2,
          '& .MuiButton-startIcon svg': { fontSize: 28 },
        }}
      >
        {/* Spans only: a button holds phrasing content, never a div. */}
        <Box component="span" sx={{ display: 'block', minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block', fontWeight: 700, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}>
            {booking.name}
          </Box>
          <Box component="span" sx={{ display: 'block', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
            {attended ? w.checkedInAt(dateTime(attendedAt)) : w.notCheckedIn} · {booking.email}
          </Box>
        </Box>
      </Button>
      {mark.isError && (
        <Alert severity="error" onClose={() => mark.reset()} closeText={w.close} sx={{ mt: 1 }}>
          {errorMessage(mark.error, w.checkInFailed(booking.name))}
        </Alert>
      )}
    </Box>
  );
}
