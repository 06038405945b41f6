import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountApi } from '../../../../shared/api/account';
import type { Language } from '../../../../shared/domain/language';
import { Panel, PanelTitle } from '../../../components/panel';
import { SiteText } from '../../../components/site-text';
import { apiRequest, errorMessage } from '../../../lib/api';
import { useFormAction } from '../../../lib/form-outcome';
import { useSiteText } from '../../../lib/site-text';
import { LanguageChoice } from '../language-choice';

/** The language of the member's mail and documents (decision 150), chosen at joining, changed here. */
export function LanguageSection({ current }: { current: Language }) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const client = useQueryClient();
  const [language, setLanguage] = useState<Language>(current);
  const save = useMutation({
    mutationFn: (body: { language: Language }) => apiRequest(accountApi.language, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['member_info'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ language });
  };
  return (
    <Panel labelledBy="account-language">
      <PanelTitle id="account-language" k="profile.language_title" />
      <Typography sx={{ mb: 2 }}>
        <SiteText k="profile.language_intro" />
      </Typography>
      <Box component="form" method="post" action={formAction} noValidate onSubmit={submit}>
        <LanguageChoice label={t('profile.language_title')} value={language} onChange={setLanguage} />
        <Box sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </Box>
        {save.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(save.error, t('error.generic'))}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            {t('profile.language_saved')}
          </Alert>
        )}
      </Box>
    </Panel>
  );
}
