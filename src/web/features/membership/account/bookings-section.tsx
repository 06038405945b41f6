import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { attendanceApi } from '../../../../shared/api/attendance';
import { bookingsApi, type MyBooking } from '../../../../shared/api/bookings';
import { formatEventSpan } from '../../../../shared/domain/event-dates';
import { LoadError } from '../../../components/load-error';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, errorMessage } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';
import { useSiteText } from '../../../lib/site-text';

/** My Profile: the member's event bookings, upcoming then past, each opening its booking page (see, pay, cancel), and the certificates of those attended. */
export function BookingsSection() {
  const { t } = useSiteText();
  const bookings = useQuery({ queryKey: ['account', 'bookings'], queryFn: ({ signal }) => apiRequest(bookingsApi.mine, { signal }) });
  if (bookings.isError)
    return <LoadError message={t('profile.bookings_failed')} error={bookings.error} onRetry={() => void bookings.refetch()} />;
  const upcoming = bookings.data?.filter((b) => b.upcoming) ?? [];
  const past = bookings.data?.filter((b) => !b.upcoming) ?? [];
  return (
    <Panel labelledBy="account-bookings">
      <PanelTitle id="account-bookings" k="profile.bookings_title" />
      {!bookings.data ? (
        <Skeleton variant="rounded" height={80} />
      ) : bookings.data.length === 0 ? (
        <Typography>{t('profile.bookings_empty')}</Typography>
      ) : (
        <>
          <BookingList id="bookings-upcoming" title={t('profile.bookings_upcoming')} items={upcoming} />
          <BookingList id="bookings-past" title={t('profile.bookings_past')} items={past} />
        </>
      )}
    </Panel>
  );
}

function BookingList({ id, title, items }: { id: string; title: string; items: MyBooking[] }) {
  const { t, language } = useSiteText();
  const [failed, setFailed] = useState<string | null>(null);
  if (!items.length) return null;
  const download = (booking: MyBooking) => {
    setFailed(null);
    downloadFile(attendanceApi.certificate, { params: { id: booking._id } }, `certificate-${booking._id}.pdf`).catch((error: unknown) =>
      setFailed(errorMessage(error, t('booking.certificate_failed'))),
    );
  };
  return (
    <section aria-labelledby={id}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1.05rem', mt: 2 }}>
        {title}
      </Typography>
      <List dense>
        {items.map((b) => (
          <ListItem key={b._id} disableGutters sx={{ display: 'block' }}>
            <Link component={RouterLink} to={`/events/bookings/${b._id}`} sx={{ fontWeight: 600 }}>
              {b.event.title}
            </Link>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatEventSpan(b.event.date, b.event.end_date, language)} · {t(`booking.status.${b.status}`)}
              {b.can_cancel && ` · ${t('profile.bookings_manage')}`}
            </Typography>
            {b.has_certificate && (
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                onClick={() => download(b)}
                aria-label={`${t('booking.certificate_download')}: ${b.event.title}`}
                sx={{ mt: 0.5 }}
              >
                {t('profile.bookings_certificate')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {failed && <Alert severity="error">{failed}</Alert>}
    </section>
  );
}
