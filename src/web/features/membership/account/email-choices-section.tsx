import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmailChoicesForm } from '../../../components/email-choices-form';
import { LoadingRegion } from '../../../components/loading-region';
import { Panel, PanelTitle } from '../../../components/panel';
import { apiRequest, errorMessage, lazyEndpoints } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useSiteText } from '../../../lib/site-text';

const newslettersApi = lazyEndpoints(() => import('../../../../shared/api/newsletters').then((m) => m.newslettersApi));

/** My Profile: the same choices as the preference page a newsletter links to (decision 122). */
export function EmailChoicesSection() {
  const { t } = useSiteText();
  const session = useSession();
  const queryClient = useQueryClient();
  const key = ['account', 'email-choices', session?.username ?? ''] as const;
  const choices = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest(newslettersApi.mine, { signal }),
    enabled: Boolean(session),
  });
  const [outcome, setOutcome] = useState<'saved' | 'all' | null>(null);
  const save = useMutation({
    mutationFn: ({ ticked, all }: { ticked: Record<string, boolean>; all: boolean }) =>
      apiRequest(newslettersApi.saveMine, { body: { choices: ticked, unsubscribe_all: all } }),
    onSuccess: (answer, { all }) => {
      queryClient.setQueryData(key, answer);
      // The news switch under "Your data and privacy" follows "unsubscribe from all".
      void queryClient.invalidateQueries({ queryKey: ['account', 'consent'] });
      setOutcome(all ? 'all' : 'saved');
    },
  });
  return (
    <Panel labelledBy="account-email-choices">
      <PanelTitle id="account-email-choices" k="profile.email_choices_title" />
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('profile.email_choices_intro')}</Typography>
      {choices.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={140} />
        </LoadingRegion>
      ) : choices.isError ? (
        <Alert severity="error">{t('preferences.load_failed')}</Alert>
      ) : (
        <EmailChoicesForm
          choices={choices.data.choices}
          pending={save.isPending}
          outcome={outcome}
          error={save.isError ? errorMessage(save.error, t('error.generic')) : null}
          onSave={(ticked, all) => {
            setOutcome(null);
            save.mutate({ ticked, all });
          }}
        />
      )}
    </Panel>
  );
}
