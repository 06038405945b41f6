import { localisedResolver } from '../../../lib/localised-resolver';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { accountDetails, type AccountDetails, type AccountDetailsForm } from '../../../../shared/api/account';
import type { SiteTextKey } from '../../../../shared/domain/site-text';
import { STUDENT_TIER_INDEX } from '../../../../shared/domain/tiers';
import { Panel, PanelTitle } from '../../../components/panel';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSiteText } from '../../../lib/site-text';
import { useAccountDetails, useSaveDetails } from './account-api';
import { GradYearField } from '../grad-year-field';
import { useFormAction } from '../../../lib/form-outcome';

type FormOutput = z.output<typeof accountDetails>;
const fields = [
  ['first_name', 'register.first_name', 'given-name', true],
  ['last_name', 'register.last_name', 'family-name', true],
  ['qualifications', 'register.qualifications', 'off', false],
  ['workplace', 'register.workplace', 'organization', false],
  ['job_title', 'register.job_title', 'organization-title', false],
  ['addr_line1', 'register.addr_line1', 'address-line1', true],
  ['addr_line2', 'register.addr_line2', 'address-line2', false],
  ['addr_city', 'register.addr_city', 'address-level2', true],
  ['addr_post', 'register.addr_post', 'postal-code', true],
  ['phone_no', 'register.phone_no', 'tel', true],
] as const satisfies readonly (readonly [keyof AccountDetailsForm, SiteTextKey, string, boolean])[];

function formValues(details: AccountDetails): AccountDetailsForm {
  const values: Record<string, unknown> = { grad_year: details.grad_year };
  for (const [name] of fields) values[name] = details[name] ?? '';
  return values as AccountDetailsForm;
}

/** The member's details, with the registration form's rules (one schema). */
export function DetailsSection() {
  const details = useAccountDetails();
  return (
    <Panel labelledBy="account-details">
      <PanelTitle id="account-details" k="profile.edit_details" />
      {details.data ? <DetailsForm details={details.data} /> : <Skeleton variant="rounded" height={240} />}
    </Panel>
  );
}

function DetailsForm({ details }: { details: AccountDetails }) {
  const formAction = useFormAction();
  const { t, language } = useSiteText();
  const save = useSaveDetails();
  const [saved, setSaved] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<AccountDetailsForm, unknown, FormOutput>({
    resolver: localisedResolver(zodResolver(accountDetails), language),
    defaultValues: formValues(details),
  });

  const submit = (form: FormOutput) => {
    setSaved(false);
    save.mutate(form, {
      onSuccess: (answer) => {
        reset(formValues(answer));
        setSaved(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field) setError(error.field as FieldPath<AccountDetailsForm>, { message: error.detail });
      },
    });
  };

  const text = (
    name: (typeof fields)[number][0],
    label: SiteTextKey,
    autoComplete: string,
    required: boolean,
    props: TextFieldProps = {},
  ) => {
    const { ref, ...field } = register(name);
    return (
      <TextField
        key={name}
        {...field}
        inputRef={ref}
        label={t(label)}
        required={required}
        autoComplete={autoComplete}
        fullWidth
        error={Boolean(errors[name])}
        helperText={errors[name]?.message}
        {...props}
      />
    );
  };

  return (
    <Box component="form" method="post" action={formAction} noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {fields.map(([name, label, autoComplete, required]) =>
          text(name, label, autoComplete, required, name === 'phone_no' ? { type: 'tel' } : {}),
        )}
        {details.tier_index === STUDENT_TIER_INDEX && (
          <Controller
            control={control}
            name="grad_year"
            render={({ field, fieldState }) => <GradYearField field={field} fieldState={fieldState} />}
          />
        )}
      </Box>
      <Stack spacing={2} sx={{ mt: 3 }}>
        {save.isError && !(save.error instanceof ApiError && save.error.field) && (
          <Alert severity="error">{errorMessage(save.error, t('error.generic'))}</Alert>
        )}
        {saved && !isDirty && (
          <Alert severity="success" role="status">
            {t('profile.details_saved')}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('profile.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
