import { inLanguage } from '../../../shared/domain/language';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { attendanceApi } from '../../../shared/api/attendance';
import { BOOKING_TOKEN_HEADER, bookingsApi, type BookResponse, type BookingView } from '../../../shared/api/bookings';
import { formatEventSpan } from '../../../shared/domain/event-dates';
import { formatPence } from '../../../shared/domain/money';
import { emptyBillingAddress } from '../../components/card-payment/billing-address';
import { CardPayment } from '../../components/card-payment/card-payment';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download-file';
import { formatShortDateTime } from '../../lib/format';
import { BackToEvents } from './back-to-events';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';

/** The secret from the mail's link: it sits after "#", which the browser never sends anywhere. */
function linkToken(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.location.hash.slice(1) || undefined;
}

/**
 * /events/bookings/{id}: the attendee's booking, opened from the link in their mail (or from My
 * Profile when signed in): take an offered place, pay for a held one, or cancel.
 */
export function BookingPage() {
  const { t } = useSiteText();
  usePageTitle(t('booking.title'));
  const { bookingId = '' } = useParams();
  const [token] = useState(linkToken);
  const booking = useQuery({
    queryKey: ['booking', bookingId],
    queryFn: ({ signal }) =>
      apiRequest(bookingsApi.view, { params: { id: bookingId }, signal, headers: token ? { [BOOKING_TOKEN_HEADER]: token } : {} }),
    retry: false,
  });
  const missing = booking.error instanceof ApiError && booking.error.status === 404;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <BackToEvents />
      <Typography variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(1.9rem, 4vw, 2.5rem)', mb: 3 }}>
        {t('booking.title')}
      </Typography>
      {booking.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={200} />
        </LoadingRegion>
      ) : missing ? (
        <Alert severity="warning">{t('booking.not_found')}</Alert>
      ) : booking.isError ? (
        <LoadError message={t('booking.load_failed')} error={booking.error} onRetry={() => void booking.refetch()} />
      ) : (
        <Booking booking={booking.data} token={token} onChanged={() => void booking.refetch()} />
      )}
    </Container>
  );
}

function Booking({ booking, token, onChanged }: { booking: BookingView; token: string | undefined; onChanged: () => void }) {
  const { t, language } = useSiteText();
  const [confirming, setConfirming] = useState(false);
  const [payment, setPayment] = useState<BookResponse | null>(null);
  const cancel = useMutation({
    mutationFn: () => apiRequest(bookingsApi.cancel, { params: { id: booking._id }, body: { token } }),
    onSuccess: () => {
      setConfirming(false);
      onChanged();
    },
  });
  const confirm = useMutation({
    mutationFn: () => apiRequest(bookingsApi.confirm, { params: { id: booking._id }, body: { token } }),
    onSuccess: onChanged,
  });
  const take = useMutation({
    mutationFn: () => apiRequest(bookingsApi.take, { params: { id: booking._id }, body: { token } }),
    onSuccess: (answer) => (answer.status === 'payment_required' ? setPayment(answer) : onChanged()),
  });
  const place = [booking.event.venue_name, booking.event.venue_address].filter(Boolean).join(', ');

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Typography variant="h2" sx={{ fontSize: '1.4rem', color: 'primary.dark', mb: 1 }}>
          <Link component={RouterLink} to={`/events/${booking.event._id}`}>
            {booking.event.title}
          </Link>
        </Typography>
        <Typography>{formatEventSpan(booking.event.date, booking.event.end_date, language)}</Typography>
        {place && <Typography sx={{ color: 'text.secondary' }}>{place}</Typography>}
        <Typography sx={{ mt: 2, fontWeight: 700 }} data-testid="booking-status">
          {t(`booking.status.${booking.status}`)}
          {booking.hold_until &&
            (booking.status === 'offered' || booking.status === 'held' || booking.status === 'unconfirmed') &&
            ` ${t('booking.until')} ${formatShortDateTime(booking.hold_until, language)}`}
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {booking.name} · {booking.email} · {booking.price_pence === 0 ? t('events.free') : formatPence(booking.price_pence, language)}
        </Typography>
        {booking.refunded_pence > 0 && (
          <Typography sx={{ mt: 1 }}>
            {t('booking.refunded')} {formatPence(booking.refunded_pence, language)}
          </Typography>
        )}
        {booking.online_url && (
          <Typography sx={{ mt: 1 }}>
            {t('booking.online_link')}{' '}
            <Link href={booking.online_url} rel="noopener noreferrer" target="_blank">
              {booking.online_url}
            </Link>
          </Typography>
        )}
      </Paper>

      {booking.has_certificate && <CertificateDownload bookingId={booking._id} token={token} />}

      {confirm.isError && <Alert severity="error">{errorMessage(confirm.error, t('booking.confirm_failed'))}</Alert>}
      {booking.status === 'unconfirmed' && (
        <Button
          variant="contained"
          size="large"
          onClick={() => confirm.mutate()}
          loading={confirm.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('booking.confirm')}
        </Button>
      )}
      {take.isError && <Alert severity="error">{errorMessage(take.error, t('event.book.failed'))}</Alert>}
      {booking.status === 'offered' && !payment && (
        <Button variant="contained" size="large" onClick={() => take.mutate()} loading={take.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('booking.take')}
        </Button>
      )}
      {payment && (
        <Box>
          <CardPayment
            clientSecret={payment.client_secret!}
            // A method that leaves the page comes back to the event's page, which settles it (decision 145):
            // this page's address carries the link's secret after "#", which must not go to the provider.
            returnUrl={`${window.location.origin}${inLanguage(`/events/${booking.event._id}`, language)}`}
            billing={emptyBillingAddress}
            payLabel={`${t('event.book.pay')} ${formatPence(payment.amount_pence, language)}`}
            onPaid={() => {
              setPayment(null);
              onChanged();
            }}
            onFailed={(reason) => window.alert(`${t('pay.failed_prefix')} ${reason ?? t('pay.failed_default')}`)}
          />
        </Box>
      )}

      {booking.can_cancel && (
        <Box>
          <Typography sx={{ color: 'text.secondary', mb: 1.5 }}>
            {booking.price_pence > 0 && (booking.refund_on_cancel ? t('booking.refund_before_cutoff') : t('booking.no_refund'))}
          </Typography>
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
            {t('booking.cancel')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        question={t('booking.cancel_confirm')}
        confirmLabel={t('booking.cancel')}
        pending={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error, t('booking.cancel_failed')) : undefined}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** The CPD certificate of an attended booking: fetched with the link's secret (or the session) and saved as a file. */
function CertificateDownload({ bookingId, token }: { bookingId: string; token: string | undefined }) {
  const { t, language } = useSiteText();
  const download = useMutation({
    mutationFn: () =>
      downloadFile(
        attendanceApi.certificate,
        // Read in Armenian, the certificate is Armenian; else it is in the attendee's language (decision 196).
        { params: { id: bookingId }, ...(language === 'hy' ? { query: { lang: language } } : {}) },
        `certificate-${bookingId}.pdf`,
        token ? { [BOOKING_TOKEN_HEADER]: token } : {},
      ),
  });
  return (
    <Alert
      severity="success"
      action={
        <Button color="inherit" startIcon={<DownloadIcon />} onClick={() => download.mutate()} loading={download.isPending}>
          {t('booking.certificate_download')}
        </Button>
      }
    >
      {t('booking.certificate_ready')}
      {download.isError && (
        <Typography role="alert" sx={{ mt: 1, color: 'error.main' }}>
          {errorMessage(download.error, t('booking.certificate_failed'))}
        </Typography>
      )}
    </Alert>
  );
}
