import { zodResolver } from '@hookform/resolvers/zod';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { registrationForm, type RegistrationForm } from '../../../shared/api/membership';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { STUDENT_TIER_INDEX } from '../../../shared/domain/tiers';
import { PageBanner } from '../../components/page-banner';
import { ThanksCard } from '../../components/thanks-card';
import { useSession } from '../../lib/session';
import { PrivacyNotice } from '../../components/privacy-notice';
import { SiteText } from '../../components/site-text';
import { ApiError, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { readRegisterStepOne, saveRegisterPay, saveRegisterStepOne, type StoredStepOne } from './flow-storage';
import { registerProceed } from './membership-api';
import { Panel, PanelTitle } from '../../components/panel';
import { RegisterSteps } from './membership-layout';
import { TierPicker } from './tier-picker';
import { GradYearField } from './grad-year-field';
import { withStudentYear } from './student-year';

type FormInput = RegistrationForm;
type FormOutput = z.output<typeof registrationForm>;
type FieldName = FieldPath<FormInput>;

const textFields = [
  'first_name',
  'last_name',
  'email',
  'qualifications',
  'workplace',
  'job_title',
  'addr_line1',
  'addr_line2',
  'addr_city',
  'addr_post',
  'phone_no',
] as const;

/** Step one prefilled from what was typed before (never the password). */
function initialValues(stored: StoredStepOne | undefined): Partial<FormInput> {
  const values: Record<string, unknown> = { plain_pw: '', grad_year: null, news_email: false };
  for (const key of textFields) values[key] = typeof stored?.[key] === 'string' ? stored[key] : '';
  if (typeof stored?.tier_index === 'number') values.tier_index = stored.tier_index;
  if (typeof stored?.grad_year === 'number' || typeof stored?.grad_year === 'string') values.grad_year = stored.grad_year;
  return values;
}

/** Every field the server may name in a 400. */
const formFields = new Set<string>([...textFields, 'plain_pw', 'grad_year', 'tier_index']);

/** A signed-in visitor is a member already: no second join form (the admin gets no renewal offer). */
export function RegisterPage() {
  const session = useSession();
  return session ? <AlreadyMember admin={session.role === 'admin'} /> : <RegisterForm />;
}

function AlreadyMember({ admin }: { admin: boolean }) {
  const { t } = useSiteText();
  usePageTitle(t('register.already_title'));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <ThanksCard icon={<VerifiedUserOutlinedIcon fontSize="large" />} title="register.already_title" body="register.already_body">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to="/profile" variant="contained" size="large">
            {t('register.already_profile')}
          </Button>
          {!admin && (
            <Button component={RouterLink} to="/renew" variant="outlined" size="large">
              {t('register.already_renew')}
            </Button>
          )}
        </Stack>
      </ThanksCard>
    </Container>
  );
}

function RegisterForm() {
  const { t } = useSiteText();
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  const [defaults] = useState(() => initialValues(readRegisterStepOne()));

  const {
    control,
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: withStudentYear(zodResolver(registrationForm), t),
    defaultValues: defaults,
    shouldFocusError: true,
  });
  const student = useWatch({ control, name: 'tier_index' }) === STUDENT_TIER_INDEX;

  const proceed = useMutation({
    mutationFn: (form: FormOutput) => registerProceed(form),
    onSuccess: (answer, form) => {
      saveRegisterPay({
        proceed: answer,
        billing: { line1: form.addr_line1, line2: form.addr_line2 ?? '', city: form.addr_city, postal_code: form.addr_post },
        first_name: form.first_name,
        last_name: form.last_name,
        email: form.email,
      });
      void navigate('/register/pay');
    },
    onError: (error) => {
      // SPEC: a failed proceed shows the server's detail in an alert, and the visitor stays here.
      const detail = errorMessage(error, t('pay.unexpected'));
      if (error instanceof ApiError && error.field && formFields.has(error.field)) {
        setError(error.field as FieldName, { message: error.detail });
      } else if (error instanceof ApiError && error.status === 409) {
        setError('email', { message: error.detail });
      }
      window.alert(detail);
    },
  });

  function submit(form: FormOutput) {
    saveRegisterStepOne(getValues());
    proceed.mutate({ ...form, grad_year: form.tier_index === STUDENT_TIER_INDEX ? form.grad_year : null });
  }

  const text = (name: (typeof textFields)[number] | 'plain_pw', label: SiteTextKey, props: TextFieldProps = {}) => {
    const { ref, ...field } = register(name);
    return (
      <TextField
        {...field}
        inputRef={ref}
        label={t(label)}
        fullWidth
        {...props}
        // After the props: a field's own hint gives way to its error.
        error={Boolean(errors[name])}
        helperText={errors[name]?.message ?? props.helperText}
      />
    );
  };

  return (
    <>
      <PageBanner title="register.title" intro="register.intro" />
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <RegisterSteps active={0} />
        <Box component="form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
          <Stack spacing={3}>
            <Panel>
              <Controller
                control={control}
                name="tier_index"
                render={({ field, fieldState }) => (
                  <TierPicker
                    label={t('register.tier')}
                    value={field.value}
                    onChange={field.onChange}
                    inputRef={field.ref}
                    error={fieldState.error ? t('renew.choose_tier') : undefined}
                  />
                )}
              />
            </Panel>

            <Panel labelledBy="register-about">
              <PanelTitle id="register-about" k="register.section.about" />
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {text('first_name', 'register.first_name', { required: true, autoComplete: 'given-name' })}
                {text('last_name', 'register.last_name', { required: true, autoComplete: 'family-name' })}
                {/* SPEC section 5: the e-mail is a plain text field here. */}
                {text('email', 'register.email', {
                  required: true,
                  autoComplete: 'email',
                  slotProps: { htmlInput: { inputMode: 'email', spellCheck: 'false', autoCapitalize: 'none' } },
                })}
                {text('plain_pw', 'register.password', {
                  required: true,
                  type: 'password',
                  autoComplete: 'new-password',
                  helperText: t('register.password_help'),
                })}
              </Box>
            </Panel>

            <Panel labelledBy="register-work">
              <PanelTitle id="register-work" k="register.section.work" />
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{text('qualifications', 'register.qualifications')}</Box>
                {text('workplace', 'register.workplace', { autoComplete: 'organization' })}
                {text('job_title', 'register.job_title', { autoComplete: 'organization-title' })}
                {student && (
                  <Controller
                    control={control}
                    name="grad_year"
                    shouldUnregister
                    render={({ field, fieldState }) => <GradYearField field={field} fieldState={fieldState} placeholder="2028" required />}
                  />
                )}
              </Box>
            </Panel>

            <Panel labelledBy="register-contact">
              <PanelTitle id="register-contact" k="register.section.contact" />
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
                  {text('addr_line1', 'register.addr_line1', { required: true, autoComplete: 'address-line1' })}
                </Box>
                <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
                  {text('addr_line2', 'register.addr_line2', { autoComplete: 'address-line2' })}
                </Box>
                {text('addr_city', 'register.addr_city', { required: true, autoComplete: 'address-level2' })}
                {text('addr_post', 'register.addr_post', { required: true, autoComplete: 'postal-code' })}
                {text('phone_no', 'register.phone_no', { required: true, type: 'tel', autoComplete: 'tel' })}
              </Box>
              <Box sx={{ mt: 3 }}>
                <Controller
                  control={control}
                  name="news_email"
                  render={({ field }) => (
                    <PrivacyNotice newsEmail={field.value === true} onNewsEmail={field.onChange} inputRef={field.ref} />
                  )}
                />
              </Box>
            </Panel>

            <Stack
              direction={{ xs: 'column-reverse', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
            >
              <Typography sx={{ textAlign: { xs: 'center', sm: 'left' } }}>
                <SiteText k="register.have_account" />{' '}
                <Link component={RouterLink} to="/signIn" sx={{ fontWeight: 600 }}>
                  <SiteText k="register.sign_in" />
                </Link>
              </Typography>
              <Button
                type="submit"
                variant="contained"
                size="large"
                loading={proceed.isPending}
                endIcon={<ArrowForwardIcon />}
                sx={{ py: 1.3, px: 4 }}
              >
                {t('register.continue')}
              </Button>
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: { xs: 'center', sm: 'right' } }}>
              <SiteText k="register.required_note" />
            </Typography>
          </Stack>
        </Box>
      </Container>
    </>
  );
}
