import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadingRegion } from '../../components/loading-region';
import { ChangeGiftCard } from '../../components/monthly-gift/change-gift-card';
import { GiftFacts } from '../../components/monthly-gift/gift-facts';
import { ApiError, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { cancelMonthlyGiftByLink, changeCardByLink, monthlyGiftByLink, startCardSetupByLink } from './monthly-gifts-api';

/** The secret from the receipt's link: after "#", which the browser never sends anywhere. */
function linkToken(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.location.hash.slice(1);
}

/**
 * /donate/monthly/{gift}: the page behind the link in each receipt (decision 172). Its secret is
 * after "#", which the browser never sends in an address; opening the page changes nothing (a mail
 * scanner may open it): only its button cancels.
 */
export function MonthlyGiftLinkPage() {
  const { t } = useSiteText();
  usePageTitle(t('monthly.link_title'));
  const { giftId = '' } = useParams();
  const client = useQueryClient();
  // Only the browser has the fragment: the server renders the page without it.
  const [token] = useState(linkToken);
  const key = ['monthly-gift', giftId] as const;
  const gift = useQuery({
    queryKey: key,
    queryFn: () => monthlyGiftByLink(giftId, token!),
    enabled: Boolean(token),
    retry: false,
  });
  const cancel = useMutation({
    mutationFn: () => cancelMonthlyGiftByLink(giftId, token!),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
  const missing = token === '' || (gift.error instanceof ApiError && gift.error.status === 404);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(1.9rem, 4vw, 2.5rem)', mb: 3 }}>
        {t('monthly.link_title')}
      </Typography>
      {missing ? (
        <Alert severity="warning">{t('monthly.link_not_found')}</Alert>
      ) : gift.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(gift.error, t('monthly.load_failed'))}
        </Alert>
      ) : !gift.data ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={140} />
        </LoadingRegion>
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <GiftFacts gift={gift.data} />
          {cancel.isSuccess && (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              {t('monthly.cancelled')}
            </Alert>
          )}
          {cancel.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorMessage(cancel.error, t('monthly.cancel_failed'))}
            </Alert>
          )}
          {gift.data.status === 'active' && <Typography sx={{ mt: 2 }}>{t('monthly.link_intro')}</Typography>}
          <ChangeGiftCard
            gift={gift.data}
            startSetup={() => startCardSetupByLink(giftId, token!)}
            changeCard={(setupIntentId) => changeCardByLink(giftId, token!, setupIntentId)}
            onChanged={(changed) => client.setQueryData(key, changed)}
            otherActions={
              <Button variant="contained" color="error" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                {t('monthly.cancel')}
              </Button>
            }
          />
        </Paper>
      )}
    </Container>
  );
}
