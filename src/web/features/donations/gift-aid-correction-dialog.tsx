import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { giftAidDetails, type giftAidDeclarationRecord } from '../../../shared/api/donations';
import { ApiError, errorMessage } from '../../lib/api';
import { useFormAction } from '../../lib/form-outcome';
import { useSiteText } from '../../lib/site-text';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { correctDeclaration, giftAidDeclarationsKey } from './donations-api';
import { messageIn } from '../../../shared/domain/messages-hy';

type Declaration = z.infer<typeof giftAidDeclarationRecord>;
type Field = 'title' | 'first_name' | 'last_name' | 'house' | 'postcode';
type Values = Record<Field, string> & { non_uk: boolean };

const valuesOf = (d: Declaration): Values => ({
  title: d.title ?? '',
  first_name: d.first_name,
  last_name: d.last_name,
  house: d.house,
  postcode: d.postcode ?? '',
  non_uk: d.non_uk,
});

/**
 * The admin corrects a declaration HMRC's schedule would refuse (a name in another script, a
 * long title): the same rules as the donate form, each problem shown at its field to begin with.
 */
export function GiftAidCorrectionDialog({ declaration, onClose }: { declaration: Declaration; onClose: () => void }) {
  const { t, language } = useSiteText();
  const titleId = useId();
  // Were it sent without the script, its page says nothing was done (decision 085).
  const formAction = useFormAction();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(declaration));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() =>
    Object.fromEntries(declaration.problems.map((p) => [p.field, p.detail])),
  );
  const save = useMutation({
    mutationFn: (details: Values) => correctDeclaration(declaration._id, details),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: giftAidDeclarationsKey });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.detail });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = giftAidDetails.safeParse({ ...values, title: values.title || null, postcode: values.non_uk ? null : values.postcode });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), messageIn(issue.message, language)])));
      return;
    }
    setErrors({});
    save.mutate(values);
  }

  const field = (name: Field, label: SiteTextKey, required = true) => (
    <TextField
      label={t(label)}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      required={required}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
    />
  );

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form method="post" action={formAction} noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('gift_aid_admin.correct_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('gift_aid_admin.correct_intro')}</DialogContentText>
          <Stack spacing={2}>
            {field('title', 'donate.gift_aid.title_field', false)}
            {field('first_name', 'donate.gift_aid.first_name')}
            {field('last_name', 'donate.gift_aid.last_name')}
            {field('house', 'donate.gift_aid.house')}
            {!values.non_uk && field('postcode', 'donate.gift_aid.postcode')}
            <FormControlLabel
              control={<Checkbox checked={values.non_uk} onChange={(e) => setValues((v) => ({ ...v, non_uk: e.target.checked }))} />}
              label={t('donate.gift_aid.non_uk')}
            />
          </Stack>
          {save.isError && !(save.error instanceof ApiError && save.error.field) && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(save.error, t('error.generic'))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('gift_aid_admin.correct_cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('gift_aid_admin.correct_save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
