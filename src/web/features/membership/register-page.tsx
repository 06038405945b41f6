import { localisedResolver } from '../../lib/localised-resolver';
import { isLanguage, type Language } from '../../../shared/domain/language';
import { LanguageChoice } from './language-choice';
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
import { memo, useCallback, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { registrationForm, RegistrationForm } from '../../../shared/api/membership';
import type { FormHandover } from '../../../shared/domain/form-outcome';
import { PAGE } from '../../../shared/domain/page-paths';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { STUDENT_TIER_INDEX, tierByIndex } from '../../../shared/domain/tiers';
import { PageBanner } from '../../components/page-banner';
import { ThanksCard } from '../../components/thanks-card';
import { useSession } from '../../lib/session';
import { PrivacyNotice } from '../../components/privacy-notice';
import { FormOutcomeMessage } from '../../components/form-outcome-message';
import { MissingFields, type MissingField } from '../../components/missing-fields';
import { useFormAction, useFormHandover, useFormOutcome } from '../../lib/form-outcome';
import { useKeepTypedValues, type TypedValue } from '../../lib/typed-before-script';
import { SiteText } from '../../components/site-text';
import { ApiError, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { readRegisterStepOne, saveJoinSignIn, saveRegisterPay, saveRegisterStepOne, type StoredStepOne } from './flow-storage';
import { registerProceed } from './membership-api';
import { Panel, PanelTitle } from '../../components/panel';
import { RegisterSteps } from './membership-layout';
import { TierPicker } from './tier-picker';
import { AutoRenewCheckbox } from './auto-renew/auto-renew-checkbox';
import { GradYearField } from './grad-year-field';
import { withStudentYear } from './student-year';
import { lazyResolver } from '../../lib/lazy-resolver';

type FormInput = RegistrationForm;
type FormOutput = z.output<typeof registrationForm>;
type FieldName = FieldPath<FormInput>;

// The form's schema, and zod with it, load as the form is first focused or checked (decision 221).
const registration = lazyResolver<FormInput, unknown, FormOutput>(() =>
  import('../../../shared/api/membership').then((m) => zodResolver(m.registrationForm)),
);

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

/**
 * Step one prefilled from what was typed before (never the password): the form as the server
 * answered it (decision 085), else as kept in this tab.
 */
function initialValues(
  stored: StoredStepOne | undefined,
  posted: Record<string, string> | undefined,
  pageLanguage: Language,
): Partial<FormInput> {
  // The language of the page the person joins on, unless they choose another (decision 150).
  const values: Record<string, unknown> = { plain_pw: '', grad_year: null, news_email: false, auto_renew: false, language: pageLanguage };
  if (posted) {
    if (isLanguage(posted.language)) values.language = posted.language;
    for (const key of textFields) values[key] = posted[key] ?? '';
    if (/^\d+$/.test(posted.tier_index ?? '')) values.tier_index = Number(posted.tier_index);
    if (posted.grad_year) values.grad_year = posted.grad_year;
    values.news_email = posted.news_email !== undefined;
    values.auto_renew = posted.auto_renew !== undefined;
    return values;
  }
  for (const key of textFields) values[key] = typeof stored?.[key] === 'string' ? stored[key] : '';
  if (typeof stored?.tier_index === 'number') values.tier_index = stored.tier_index;
  if (typeof stored?.grad_year === 'number' || typeof stored?.grad_year === 'string') values.grad_year = stored.grad_year;
  if (isLanguage(stored?.language)) values.language = stored.language;
  return values;
}

/** A value typed before the script took the form over, as the form's state holds that field. */
function typedValue(name: string, value: TypedValue): unknown {
  if (name === 'tier_index') return Number(value);
  return value;
}

/** The label of each field, for the list of what is missing. */
const fieldLabels: Record<string, SiteTextKey> = {
  tier_index: 'register.tier',
  first_name: 'register.first_name',
  last_name: 'register.last_name',
  email: 'register.email',
  plain_pw: 'register.password',
  qualifications: 'register.qualifications',
  workplace: 'register.workplace',
  job_title: 'register.job_title',
  grad_year: 'register.grad_year',
  addr_line1: 'register.addr_line1',
  addr_line2: 'register.addr_line2',
  addr_city: 'register.addr_city',
  addr_post: 'register.addr_post',
  phone_no: 'register.phone_no',
};

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
          <Button component={RouterLink} to={PAGE.profile} variant="contained" size="large">
            {t('register.already_profile')}
          </Button>
          {!admin && (
            <Button component={RouterLink} to={PAGE.renew} variant="outlined" size="large">
              {t('register.already_renew')}
            </Button>
          )}
        </Stack>
      </ThanksCard>
    </Container>
  );
}

function RegisterForm() {
  // The page's own address, in its language (decision 150).
  const pageAction = useFormAction();
  const { t, language } = useSiteText();
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  // Sent before the script took the form over (decision 085): the server's answer.
  const outcome = useFormOutcome('register');
  const [shownOutcome, setShownOutcome] = useState(outcome);
  const [defaults] = useState(() => initialValues(readRegisterStepOne(), outcome?.values, language));
  const [tried, setTried] = useState(false);

  const {
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: withStudentYear(localisedResolver(registration.resolver, language), t),
    defaultValues: defaults,
    shouldFocusError: true,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useKeepTypedValues(
    formRef,
    useCallback(
      (name: string, value: TypedValue) => {
        if (name in fieldLabels || name === 'news_email' || name === 'auto_renew')
          setValue(name as FieldName, typedValue(name, value) as never);
      },
      [setValue],
    ),
  );
  // Joining begun on the server: the pay step takes it from here, as after the page's own proceed.
  useFormHandover(
    outcome,
    useCallback(
      (handover: FormHandover) => {
        if (handover.kind !== 'register-pay') return;
        const { kind: _kind, ...pay } = handover;
        saveRegisterStepOne(getValues());
        if (pay.proceed.sign_in_secret) saveJoinSignIn({ payment_id: pay.proceed.payment_id, secret: pay.proceed.sign_in_secret });
        saveRegisterPay(pay);
        void navigate(PAGE.registerPay, { replace: true });
      },
      [navigate, getValues],
    ),
  );

  const proceed = useMutation({
    mutationFn: (form: FormOutput) => registerProceed(form),
    onSuccess: (answer, form) => {
      if (answer.sign_in_secret) saveJoinSignIn({ payment_id: answer.payment_id, secret: answer.sign_in_secret });
      saveRegisterPay({
        proceed: answer,
        billing: { line1: form.addr_line1, line2: form.addr_line2 ?? '', city: form.addr_city, postal_code: form.addr_post },
        first_name: form.first_name,
        last_name: form.last_name,
        email: form.email,
      });
      void navigate(PAGE.registerPay);
    },
    onError: (error) => {
      // docs/product.md: a failed proceed shows the server's detail in an alert, and the visitor stays here.
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
    proceed.mutate({
      ...form,
      grad_year: form.tier_index === STUDENT_TIER_INDEX ? form.grad_year : null,
      auto_renew: (tierByIndex(form.tier_index)?.pence ?? 0) > 0 && form.auto_renew,
    });
  }

  // What the server found wrong with a form sent before the script, until the next try here.
  const serverErrors = shownOutcome?.fields;

  // Said when Continue is pressed with something missing: every field at fault, by its label.
  const missing = !tried
    ? noneMissing
    : Object.entries(fieldLabels).flatMap(([name, label]) => {
        const message =
          name === 'tier_index' && errors.tier_index
            ? t('renew.choose_tier')
            : (errors[name as FieldName]?.message ?? serverErrors?.[name]);
        return message ? [{ name, label: t(label), message }] : [];
      });

  return (
    <>
      <PageBanner title="register.title" intro="register.intro" />
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <RegisterSteps active={0} />
        <Box
          component="form"
          ref={formRef}
          method="post"
          action={pageAction}
          noValidate
          onFocus={registration.preload}
          onSubmit={(event) => {
            setTried(true);
            setShownOutcome(null);
            void handleSubmit(submit)(event);
          }}
        >
          <Stack spacing={3}>
            <FormOutcomeMessage outcome={shownOutcome} />
            <TierPanel control={control} serverErrors={serverErrors} />
            <AboutPanel control={control} serverErrors={serverErrors} />
            <WorkPanel control={control} serverErrors={serverErrors} />
            <ContactPanel control={control} serverErrors={serverErrors} />
            <MissingFields fields={missing} />
            <FormActions pending={proceed.isPending} />
          </Stack>
        </Box>
      </Container>
    </>
  );
}

/**
 * A part of the form, memoised: the form's state reaches it through `control` alone, so the
 * form's own redraws (ready once taken over, a failed check) leave it be, and a field redraws
 * when its own state changes. The takeover then ends in a short task, not in a second drawing of
 * every field (docs/architecture.md, decision 221).
 */
type PartProps = {
  control: Control<FormInput, unknown, FormOutput>;
  /** What the server found wrong with the form sent before the script, by field. */
  serverErrors: Record<string, string> | undefined;
};

const TierPanel = memo(function TierPanel({ control, serverErrors }: PartProps) {
  const { t } = useSiteText();
  const chosenTier = useWatch({ control, name: 'tier_index' });
  // A free tier is never charged, so it cannot renew automatically (decision 140).
  const paidTier = typeof chosenTier === 'number' && (tierByIndex(chosenTier)?.pence ?? 0) > 0;
  return (
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
            error={fieldState.error ? t('renew.choose_tier') : serverErrors?.tier_index}
          />
        )}
      />
      {paidTier && (
        <Box sx={{ mt: 2 }}>
          <Controller
            control={control}
            name="auto_renew"
            render={({ field }) => (
              <AutoRenewCheckbox
                checked={field.value === true}
                onChange={field.onChange}
                inputRef={field.ref}
                error={serverErrors?.auto_renew}
              />
            )}
          />
        </Box>
      )}
    </Panel>
  );
});

const AboutPanel = memo(function AboutPanel({ control, serverErrors }: PartProps) {
  const { t } = useSiteText();
  const field = fieldOf(control, serverErrors);
  return (
    <Panel labelledBy="register-about">
      <PanelTitle id="register-about" k="register.section.about" />
      <Box sx={twoColumns}>
        {field('first_name', 'register.first_name', { required: true, autoComplete: 'given-name' })}
        {field('last_name', 'register.last_name', { required: true, autoComplete: 'family-name' })}
        {/* docs/product.md section 5: the e-mail is a plain text field here. */}
        {field('email', 'register.email', {
          required: true,
          autoComplete: 'email',
          slotProps: { htmlInput: { inputMode: 'email', spellCheck: 'false', autoCapitalize: 'none' } },
        })}
        {field('plain_pw', 'register.password', {
          required: true,
          type: 'password',
          autoComplete: 'new-password',
          helperText: t('register.password_help'),
        })}
      </Box>
    </Panel>
  );
});

const WorkPanel = memo(function WorkPanel({ control, serverErrors }: PartProps) {
  const student = useWatch({ control, name: 'tier_index' }) === STUDENT_TIER_INDEX;
  const field = fieldOf(control, serverErrors);
  return (
    <Panel labelledBy="register-work">
      <PanelTitle id="register-work" k="register.section.work" />
      <Box sx={twoColumns}>
        <Box sx={wholeRow}>{field('qualifications', 'register.qualifications')}</Box>
        {field('workplace', 'register.workplace', { autoComplete: 'organization' })}
        {field('job_title', 'register.job_title', { autoComplete: 'organization-title' })}
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
  );
});

const ContactPanel = memo(function ContactPanel({ control, serverErrors }: PartProps) {
  const { t, language } = useSiteText();
  const field = fieldOf(control, serverErrors);
  return (
    <Panel labelledBy="register-contact">
      <PanelTitle id="register-contact" k="register.section.contact" />
      <Box sx={twoColumns}>
        <Box sx={wholeRow}>{field('addr_line1', 'register.addr_line1', { required: true, autoComplete: 'address-line1' })}</Box>
        <Box sx={wholeRow}>{field('addr_line2', 'register.addr_line2', { autoComplete: 'address-line2' })}</Box>
        {field('addr_city', 'register.addr_city', { required: true, autoComplete: 'address-level2' })}
        {field('addr_post', 'register.addr_post', { required: true, autoComplete: 'postal-code' })}
        {field('phone_no', 'register.phone_no', { required: true, type: 'tel', autoComplete: 'tel' })}
      </Box>
      <Box sx={{ mt: 3 }}>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <LanguageChoice label={t('register.language')} value={field.value ?? language} onChange={field.onChange} inputRef={field.ref} />
          )}
        />
      </Box>
      <Box sx={{ mt: 3 }}>
        <Controller
          control={control}
          name="news_email"
          render={({ field }) => <PrivacyNotice newsEmail={field.value === true} onNewsEmail={field.onChange} inputRef={field.ref} />}
        />
      </Box>
    </Panel>
  );
});

/** Continue, and the way to sign in instead. */
const FormActions = memo(function FormActions({ pending }: { pending: boolean }) {
  const { t } = useSiteText();
  return (
    <>
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography sx={{ textAlign: { xs: 'center', sm: 'left' } }}>
          <SiteText k="register.have_account" />{' '}
          <Link component={RouterLink} to={PAGE.signIn} sx={{ fontWeight: 600 }}>
            <SiteText k="register.sign_in" />
          </Link>
        </Typography>
        <Button type="submit" variant="contained" size="large" loading={pending} endIcon={<ArrowForwardIcon />} sx={{ py: 1.3, px: 4 }}>
          {t('register.continue')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: { xs: 'center', sm: 'right' } }}>
        <SiteText k="register.required_note" />
      </Typography>
    </>
  );
});

const noneMissing: MissingField[] = [];

const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
const wholeRow = { gridColumn: { sm: '1 / -1' } } as const;

/**
 * The form's text fields, controlled: the served page shows what was sent, and the script keeps
 * what was typed (decision 085). A field's error is the form's check's, else the server's.
 */
function fieldOf(control: PartProps['control'], serverErrors: PartProps['serverErrors']) {
  return (name: TextName, label: SiteTextKey, props: TextFieldProps = {}) => (
    <FormText control={control} name={name} label={label} serverError={serverErrors?.[name]} props={props} />
  );
}

type TextName = (typeof textFields)[number] | 'plain_pw';

function FormText({
  control,
  name,
  label,
  serverError,
  props,
}: {
  control: PartProps['control'];
  name: TextName;
  label: SiteTextKey;
  serverError: string | undefined;
  props: TextFieldProps;
}) {
  const { t } = useSiteText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message ?? serverError;
        return (
          <TextField
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            label={t(label)}
            fullWidth
            {...props}
            // After the props: a field's own hint gives way to its error.
            error={Boolean(error)}
            helperText={error ?? props.helperText}
          />
        );
      }}
    />
  );
}
