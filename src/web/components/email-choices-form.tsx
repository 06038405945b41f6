import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { EmailChoice } from '../../shared/api/newsletters';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { useSiteText } from '../lib/site-text';
import { useFormAction } from '../lib/form-outcome';

type Props = {
  choices: EmailChoice[];
  pending: boolean;
  /** Saves the ticked state of every topic, or leaves every list. */
  onSave: (choices: Record<string, boolean>, unsubscribeAll: boolean) => void;
  outcome: 'saved' | 'all' | null;
  error: string | null;
};

/**
 * What a person receives from the site: a box per newsletter list and per kind of reminder
 * (decision 122), on the preference page an e-mail links to and in My Profile. Nothing changes
 * until a button is pressed.
 */
/** The kinds of service mail, named by the site's texts in the page's language (the server names them in English). */
const SERVICE_TEXTS: Readonly<Record<string, readonly [SiteTextKey, SiteTextKey]>> = {
  'membership-reminders': ['preferences.service.renewal_reminders', 'preferences.service.renewal_reminders_about'],
  'booking-reminders': ['preferences.service.event_reminders', 'preferences.service.event_reminders_about'],
  'event-messages': ['preferences.service.event_messages', 'preferences.service.event_messages_about'],
};

export function EmailChoicesForm({ choices, pending, onSave, outcome, error }: Props) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const [edits, setEdits] = useState<Record<string, boolean>>({});
  // After a save the server's answer is what stands: the edits start again from it.
  const [shown, setShown] = useState(choices);
  if (shown !== choices) {
    setShown(choices);
    setEdits({});
  }
  const named = (choice: EmailChoice) => {
    const keys = choice.kind === 'service' ? SERVICE_TEXTS[choice.topic] : undefined;
    return keys ? { name: t(keys[0]), description: t(keys[1]) } : choice;
  };
  const ticked: Record<string, boolean> = { ...Object.fromEntries(choices.map((c) => [c.topic, c.subscribed])), ...edits };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(ticked, false);
  };
  const group = (kind: EmailChoice['kind'], legend: string) => {
    const items = choices.filter((c) => c.kind === kind);
    if (!items.length) return null;
    return (
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
          {legend}
        </Typography>
        <FormGroup>
          {items.map((choice) => (
            <FormControlLabel
              key={choice.topic}
              sx={{ alignItems: 'flex-start', mb: 1 }}
              control={
                <Checkbox
                  name={choice.topic}
                  checked={ticked[choice.topic] ?? false}
                  onChange={(e) => setEdits((all) => ({ ...all, [choice.topic]: e.target.checked }))}
                  sx={{ mt: -0.75 }}
                />
              }
              label={
                <span>
                  <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {named(choice).name}
                  </Box>
                  {named(choice).description && (
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.9rem' }}>
                      {named(choice).description}
                    </Box>
                  )}
                </span>
              }
            />
          ))}
        </FormGroup>
      </Box>
    );
  };

  return (
    <Box component="form" method="post" action={formAction} onSubmit={submit} noValidate>
      <Stack spacing={2.5}>
        {group('list', t('preferences.lists'))}
        {group('service', t('preferences.service'))}
        <Box role="status">
          {outcome && <Alert severity="success">{outcome === 'all' ? t('preferences.all_done') : t('preferences.saved')}</Alert>}
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button type="submit" variant="contained" loading={pending}>
            {t('preferences.save')}
          </Button>
          <Button type="button" variant="outlined" color="error" disabled={pending} onClick={() => onSave({}, true)}>
            {t('preferences.unsubscribe_all')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
