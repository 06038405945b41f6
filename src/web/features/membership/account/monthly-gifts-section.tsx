import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonthlyGift } from '../../../../shared/api/monthly-gifts';
import { LoadError } from '../../../components/load-error';
import { ChangeGiftCard } from '../../../components/monthly-gift/change-gift-card';
import { GiftFacts } from '../../../components/monthly-gift/gift-facts';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, errorMessage, lazyEndpoints } from '../../../lib/api';
import { useSiteText } from '../../../lib/site-text';

// Loaded with the first call, not with the page (decision 062).
const monthlyGiftsApi = lazyEndpoints(() => import('../../../../shared/api/monthly-gifts').then((m) => m.monthlyGiftsApi));
const KEY = ['account', 'monthly-gifts'] as const;

/**
 * My Profile: the monthly gifts the signed-in donor started (docs/product.md "Monthly giving"),
 * each given a new card or cancelled here. Shown only to someone who has given monthly.
 */
export function MonthlyGiftsSection() {
  const { t } = useSiteText();
  const client = useQueryClient();
  const gifts = useQuery({ queryKey: KEY, queryFn: ({ signal }) => apiRequest(monthlyGiftsApi.mine, { signal }) });
  const cancel = useMutation({
    mutationFn: (gift: MonthlyGift) => apiRequest(monthlyGiftsApi.cancelMine, { body: { gift_id: gift.gift_id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
  if (gifts.isError) return <LoadError message={t('monthly.load_failed')} error={gifts.error} onRetry={() => void gifts.refetch()} />;
  if (!gifts.data?.gifts.length) return null;
  return (
    <Panel labelledBy="account-monthly-gifts">
      <PanelTitle id="account-monthly-gifts" k="monthly.profile_title" />
      {cancel.isSuccess && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('monthly.cancelled')}
        </Alert>
      )}
      {cancel.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errorMessage(cancel.error, t('monthly.cancel_failed'))}
        </Alert>
      )}
      <List disablePadding>
        {gifts.data.gifts.map((gift) => (
          <ListItem key={gift.gift_id} disableGutters sx={{ display: 'block', py: 1 }}>
            <GiftFacts gift={gift} />
            <ChangeGiftCard
              gift={gift}
              startSetup={() => apiRequest(monthlyGiftsApi.cardSetupMine, { body: { gift_id: gift.gift_id } })}
              changeCard={(setupIntentId) =>
                apiRequest(monthlyGiftsApi.changeCardMine, { body: { gift_id: gift.gift_id, setup_intent_id: setupIntentId } })
              }
              onChanged={() => void client.invalidateQueries({ queryKey: KEY })}
              otherActions={
                <Button
                  color="error"
                  loading={cancel.isPending && cancel.variables.gift_id === gift.gift_id}
                  onClick={() => cancel.mutate(gift)}
                >
                  {t('monthly.cancel')}
                </Button>
              }
            />
          </ListItem>
        ))}
      </List>
    </Panel>
  );
}
