import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmailChoicesForm } from '../../components/email-choices-form';
import { HeadElement } from '../../components/head-element';
import { LoadingRegion } from '../../components/loading-region';
import { SiteText } from '../../components/site-text';
import { ApiError, apiRequest, errorMessage, lazyEndpoints } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';

const newslettersApi = lazyEndpoints(() => import('../../../shared/api/newsletters').then((m) => m.newslettersApi));

/**
 * The page the footer of a newsletter (and of a reminder) links to: the choices of the address the
 * mail went to, by the link's token, without signing in. Opening it changes nothing (a mail
 * scanner may open it); only the buttons do (decision 122).
 */
export function PreferencesPage() {
  const { t } = useSiteText();
  usePageTitle(t('preferences.title'));
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const key = ['preferences', token] as const;
  const choices = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest(newslettersApi.preferences, { params: { token }, signal, auth: false }),
    retry: false,
  });
  const [outcome, setOutcome] = useState<'saved' | 'all' | null>(null);
  const save = useMutation({
    mutationFn: ({ ticked, all }: { ticked: Record<string, boolean>; all: boolean }) =>
      apiRequest(newslettersApi.savePreferences, { params: { token }, body: { choices: ticked, unsubscribe_all: all }, auth: false }),
    onSuccess: (answer, { all }) => {
      queryClient.setQueryData(key, answer);
      setOutcome(all ? 'all' : 'saved');
    },
  });
  const invalid = choices.error instanceof ApiError && choices.error.status === 404;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      {/* The link is a secret: never send it on as a referrer. */}
      <HeadElement tag="meta" attributes={{ name: 'referrer', content: 'no-referrer' }} />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <MarkEmailReadIcon color="primary" />
          <Typography variant="h1" sx={{ fontSize: '1.6rem', color: 'primary.dark' }}>
            <SiteText k="preferences.title" />
          </Typography>
        </Stack>
        {choices.isPending ? (
          <LoadingRegion>
            <Skeleton variant="rounded" height={160} />
          </LoadingRegion>
        ) : invalid ? (
          <Alert severity="info">{t('preferences.invalid')}</Alert>
        ) : choices.isError ? (
          <Alert severity="error">{t('preferences.load_failed')}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2.5 }}>{t('preferences.intro').replace('{email}', choices.data.email)}</Typography>
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
          </>
        )}
      </Paper>
    </Container>
  );
}
