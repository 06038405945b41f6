import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { BookRequest, BookResponse } from '../../../shared/api/bookings';
import type { EventRecord } from '../../../shared/api/events';
import { LoadingRegion } from '../../components/loading-region';
import { Panel, PanelTitle } from '../../components/panel';
import { PartBoundary } from '../../components/part-boundary';
import { apiRequest, ApiError, errorMessage, lazyEndpoints } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';

// Loaded with the first booking, not with the page (decision 062); the card step likewise.
const bookingsApi = lazyEndpoints(() => import('../../../shared/api/bookings').then((m) => m.bookingsApi));
const loadCardStep = () => import('./booking-card-step');
const BookingCardStep = lazy(() => loadCardStep().then((m) => ({ default: m.BookingCardStep })));

type Step =
  | { kind: 'form' }
  | { kind: 'card'; answer: BookResponse; request: BookRequest }
  | { kind: 'done'; status: 'confirmed' | 'waitlisted' | 'check_email' };

/**
 * Booking a place on the event's page, in the steps of donating: the details (a signed-in person
 * books as themselves), then the card with Back when the place costs something, an alert plus
 * the reason in the page when the card fails, and the outcome in the page.
 */
export function BookingPanel({ event, onBooked }: { event: EventRecord; onBooked: () => void }) {
  const { t } = useSiteText();
  const session = useSession();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [news, setNews] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: string; detail: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  /** The place held by the last Book, for Back then Book again with the same details. */
  const previous = useRef<{ answer: BookResponse; request: BookRequest } | null>(null);

  const book = useMutation({
    mutationFn: (request: BookRequest) => apiRequest(bookingsApi.book, { params: { id: event._id }, body: request }),
    onMutate: () => setFieldError(null),
    onSuccess: (answer, request) => {
      if (answer.status === 'payment_required') {
        previous.current = { answer, request };
        setStep({ kind: 'card', answer, request });
      } else done(answer.status);
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.field === 'name' || error.field === 'email'))
        setFieldError({ field: error.field, detail: error.detail });
    },
  });

  function done(status: 'confirmed' | 'waitlisted' | 'check_email') {
    setStep({ kind: 'done', status });
    onBooked();
  }
  useEffect(() => {
    if (step.kind === 'done') outcomeRef.current?.focus();
  }, [step.kind]);

  if (event.booking_state === 'closed' || event.booking_state === 'not_open_yet') return null;
  if (event.members_only && !session) {
    return (
      <Alert severity="info">
        {t('event.book.members_sign_in')}{' '}
        <Link component={RouterLink} to="/signIn">
          {t('event.book.sign_in')}
        </Link>
      </Alert>
    );
  }
  if (step.kind === 'done') {
    return (
      <Alert severity="success" ref={outcomeRef} tabIndex={-1} data-testid="booking-outcome">
        {t(`event.book.${step.status}`)}
      </Alert>
    );
  }
  if (step.kind === 'card') {
    const back = () => setStep({ kind: 'form' });
    return (
      <PartBoundary
        fallback={
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={back}>
                {t('event.book.back')}
              </Button>
            }
          >
            {t('event.book.card_unavailable')}
          </Alert>
        }
      >
        <Suspense
          fallback={
            <LoadingRegion>
              <Skeleton variant="rounded" height={240} />
            </LoadingRegion>
          }
        >
          <BookingCardStep event={event} answer={step.answer} onPaid={() => done('confirmed')} onBack={back} />
        </Suspense>
      </PartBoundary>
    );
  }

  const signedIn = session !== null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const request: BookRequest = {
      ...(signedIn ? {} : { name: name.trim(), email: email.trim() }),
      // Sent only when ticked: agreeing to news is a choice made here, never a default (decision 120).
      ...(news ? { news_email: true } : {}),
    };
    // Back, then Book with the same details, goes on with the place already held.
    if (previous.current && JSON.stringify(previous.current.request) === JSON.stringify(request)) {
      setStep({ kind: 'card', ...previous.current });
      return;
    }
    // Fetched while the booking is made; a failure shows when the step is drawn (PartBoundary).
    if (event.price_pence > 0 || event.member_price_pence > 0) loadCardStep().catch(() => undefined);
    book.mutate(request);
  };
  return (
    <Panel labelledBy="booking-title">
      <PanelTitle id="booking-title" k="event.book.title" />
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="booking-title">
        <Stack spacing={2}>
          {book.isError && !fieldError && <Alert severity="error">{errorMessage(book.error, t('event.book.failed'))}</Alert>}
          {signedIn ? (
            <Typography>
              {t('event.book.as')} <strong>{session.username}</strong>
            </Typography>
          ) : (
            <>
              <TextField
                label={t('event.book.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                autoComplete="name"
                error={fieldError?.field === 'name'}
                helperText={fieldError?.field === 'name' ? fieldError.detail : undefined}
              />
              <TextField
                label={t('event.book.email')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                autoComplete="email"
                error={fieldError?.field === 'email'}
                helperText={fieldError?.field === 'email' ? fieldError.detail : t('event.book.email_help')}
              />
            </>
          )}
          <FormControlLabel
            label={t('privacy.news_consent')}
            control={<Checkbox name="news_email" checked={news} onChange={(e) => setNews(e.target.checked)} />}
          />
          <Button type="submit" variant="contained" size="large" loading={book.isPending} sx={{ alignSelf: 'flex-start' }}>
            {event.booking_state === 'waitlist' ? t('event.join_waitlist') : t('event.book')}
          </Button>
        </Stack>
      </Box>
    </Panel>
  );
}
