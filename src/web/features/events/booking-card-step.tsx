import { inLanguage } from '../../../shared/domain/language';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { BookResponse } from '../../../shared/api/bookings';
import type { EventRecord } from '../../../shared/api/events';
import { formatPence } from '../../../shared/domain/money';
import { emptyBillingAddress } from '../../components/card-payment/billing-address';
import { CardPayment } from '../../components/card-payment/card-payment';
import { Panel, PanelTitle } from '../../components/panel';
import { useSiteText } from '../../lib/site-text';

/**
 * The card step of a paid booking: what it costs, the card form, and Back. Loaded when Book is
 * pressed, so the event page's first load carries no card form or its checks.
 */
export function BookingCardStep({
  event,
  answer,
  onPaid,
  onBack,
}: {
  event: EventRecord;
  answer: BookResponse;
  onPaid: () => void;
  onBack: () => void;
}) {
  const { t, language } = useSiteText();
  const headingRef = useRef<HTMLDivElement>(null);
  // The step replaces the form the visitor was in: their focus moves to its heading.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack spacing={2}>
      <Panel labelledBy="booking-confirm">
        <Box ref={headingRef} tabIndex={-1}>
          <PanelTitle id="booking-confirm" k="event.book.confirm_title" />
        </Box>
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700, color: 'primary.dark' }}>
          {t('event.book.to_pay')}: {formatPence(answer.amount_pence, language)}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('event.book.held')}</Typography>
      </Panel>
      <Panel labelledBy="booking-card">
        <PanelTitle id="booking-card" k="pay.card_title" />
        <CardPayment
          clientSecret={answer.client_secret!}
          returnUrl={`${window.location.origin}${inLanguage(`/events/${event._id}`, language)}`}
          billing={emptyBillingAddress}
          payLabel={`${t('event.book.pay')} ${formatPence(answer.amount_pence, language)}`}
          onPaid={onPaid}
          onFailed={(reason) => window.alert(`${t('pay.failed_prefix')} ${reason ?? t('pay.failed_default')}`)}
        />
      </Panel>
      <Button onClick={onBack} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('event.book.back')}
      </Button>
    </Stack>
  );
}
