import { useFormAction } from '../../lib/form-outcome';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import VolunteerActivismOutlinedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useRef } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { GIFT_AID_DECLARATION, GIFT_AID_DECLARATION_THIS_ONLY } from '../../../shared/api/donations';
import { formatPence } from '../../../shared/domain/money';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { amountPence, emptyDonateForm, giftAidBoost, type DonateFormValues } from '../../../shared/api/donate-form';
import type { FormOutcome } from '../../../shared/domain/form-outcome';
import { FormOutcomeMessage } from '../../components/form-outcome-message';
import { MissingFields } from '../../components/missing-fields';
import { useKeepTypedValues, type TypedValue } from '../../lib/typed-before-script';
import { PrivacyNotice } from '../../components/privacy-notice';
import { Panel, PanelTitle } from '../../components/panel';

type TextName = 'amount' | 'name' | 'email' | 'ga_title' | 'ga_first_name' | 'ga_last_name' | 'ga_house' | 'ga_postcode';

const suggestedPounds = [10, 25, 50, 100];

export interface DonateDetailsStepProps {
  form: UseFormReturn<DonateFormValues>;
  giftAidOffered: boolean;
  proceeding: boolean;
  /** Why the last proceed failed (the server's detail when it gave one). */
  proceedError: string | null;
  /** The server's answer to the form sent before the script took it over (decision 085), until the next try. */
  outcome?: FormOutcome | null;
  onProceed: () => void;
}

/** The label of each field, for the list of what is missing. */
const fieldLabels: Partial<Record<keyof DonateFormValues, SiteTextKey>> = {
  amount: 'donate.amount',
  name: 'donate.name',
  email: 'donate.email',
  ga_title: 'donate.gift_aid.title_field',
  ga_first_name: 'donate.gift_aid.first_name',
  ga_last_name: 'donate.gift_aid.last_name',
  ga_house: 'donate.gift_aid.house',
  ga_postcode: 'donate.gift_aid.postcode',
  ga_confirmed: 'donate.gift_aid.confirm',
};

/** A value typed before the script took the form over, as the form's state holds that field. */
function isDonateField(name: string): name is keyof DonateFormValues {
  return name in emptyDonateForm;
}

/** Step 1: the amount and the donor, and Gift Aid when the charity offers it. */
export function DonateDetailsStep({ form, giftAidOffered, proceeding, proceedError, outcome = null, onProceed }: DonateDetailsStepProps) {
  // The page's own address, in its language (decision 150).
  const pageAction = useFormAction();
  const { t, language } = useSiteText();
  const {
    control,
    setValue,
    getValues,
    formState: { errors, isSubmitted },
  } = form;
  const serverError = (name: string) => outcome?.fields?.[name];
  const errorOf = (name: keyof DonateFormValues) => errors[name]?.message ?? serverError(name);
  const [amount, anonymous, giftAid, nonUk, chosenScope, frequency] = useWatch({
    control,
    name: ['amount', 'anonymous', 'gift_aid', 'ga_non_uk', 'ga_scope', 'frequency'],
  });
  // Each month is a donation of its own: a monthly gift's declaration covers future donations (decision 170).
  const monthly = frequency === 'monthly';
  const scope = monthly ? 'all' : chosenScope;
  // After useWatch: it must listen before the typed values arrive.
  const formRef = useRef<HTMLFormElement>(null);
  useKeepTypedValues(
    formRef,
    useCallback(
      (name: string, value: TypedValue) => {
        if (isDonateField(name)) setValue(name, value as never, { shouldDirty: true });
      },
      [setValue],
    ),
  );
  const pence = amountPence(amount);
  const showGiftAid = giftAidOffered && !anonymous;

  // Controlled: the served page shows what was sent, and the script keeps what was typed (decision 085).
  const text = (name: TextName, label: SiteTextKey, { helperText, ...props }: TextFieldProps = {}) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={t(label)}
          fullWidth
          error={Boolean(errorOf(name))}
          helperText={errorOf(name) ?? helperText}
          {...props}
        />
      )}
    />
  );

  const checkbox = (
    name: 'anonymous' | 'gift_aid' | 'ga_non_uk' | 'ga_confirmed',
    label: SiteTextKey,
    onToggle?: (on: boolean) => void,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={t(label)}
          control={
            <Checkbox
              name={field.name}
              slotProps={{ input: { ref: field.ref } }}
              checked={field.value}
              onBlur={field.onBlur}
              onChange={(e) => {
                field.onChange(e.target.checked);
                onToggle?.(e.target.checked);
              }}
            />
          }
        />
      )}
    />
  );

  // The declaration's box speaks up once touched or tried, not while the donor is still reading.
  const confirmError =
    (errors.ga_confirmed && (form.formState.touchedFields.ga_confirmed || isSubmitted) ? errors.ga_confirmed.message : undefined) ??
    serverError('ga_confirmed');

  // Said when Proceed is pressed with something missing (the button never waits disabled).
  const missing = isSubmitted
    ? Object.entries(fieldLabels).flatMap(([name, label]) => {
        const message = errorOf(name as keyof DonateFormValues);
        return message ? [{ name, label: t(label), message }] : [];
      })
    : [];

  function setAmount(pounds: number) {
    setValue('amount', String(pounds), { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  }

  // The declaration is in the donor's own name: start from the name typed above.
  function prefillNames(on: boolean) {
    if (!on) return;
    const [first = '', ...rest] = getValues('name').trim().split(/\s+/);
    if (!getValues('ga_first_name') && !getValues('ga_last_name') && rest.length > 0) {
      setValue('ga_first_name', first, { shouldValidate: true });
      setValue('ga_last_name', rest.join(' '), { shouldValidate: true });
    }
  }

  return (
    <Box
      component="form"
      ref={formRef}
      method="post"
      action={pageAction}
      noValidate
      aria-labelledby="donate-details"
      onSubmit={(e) => {
        e.preventDefault();
        onProceed();
      }}
    >
      <Stack spacing={3}>
        <Panel>
          <PanelTitle id="donate-details" k="donate.details_title" tabIndex={-1} />
          <Stack spacing={2.5}>
            <FormControl component="fieldset">
              <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
                {t('monthly.frequency')}
              </FormLabel>
              <Controller
                control={control}
                name="frequency"
                render={({ field }) => (
                  <RadioGroup row name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                    <FormControlLabel value="once" control={<Radio />} label={t('monthly.once')} />
                    <FormControlLabel value="monthly" control={<Radio />} label={t('monthly.monthly')} />
                  </RadioGroup>
                )}
              />
              {monthly && <FormHelperText sx={{ mx: 0 }}>{t('monthly.frequency_help')}</FormHelperText>}
            </FormControl>
            <div>
              <Box
                role="group"
                aria-label={t('donate.suggested')}
                sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1, mb: 2, maxWidth: 400 }}
              >
                {suggestedPounds.map((pounds) => {
                  const chosen = pence === pounds * 100;
                  return (
                    <Button
                      key={pounds}
                      variant={chosen ? 'contained' : 'outlined'}
                      aria-pressed={chosen}
                      onClick={() => setAmount(pounds)}
                      sx={{ minWidth: 0, fontWeight: 700 }}
                    >
                      {formatPence(pounds * 100, language).replace(/[.,]00\b/, '')}
                    </Button>
                  );
                })}
              </Box>
              {text('amount', 'donate.amount', {
                required: true,
                type: 'number',
                helperText: t('donate.amount_help'),
                sx: { maxWidth: { sm: 280 } },
                slotProps: {
                  htmlInput: { min: 1, step: 1, inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
                },
              })}
            </div>

            <div>
              {checkbox('anonymous', 'donate.anonymous')}
              <Typography variant="body2" sx={{ color: 'text.secondary', ml: 4, mt: -0.5 }}>
                <SiteText k="donate.anonymous_help" />
              </Typography>
            </div>

            <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: anonymous ? '1fr' : '1fr 1fr' } }}>
              {!anonymous && text('name', 'donate.name', { required: true, autoComplete: 'name' })}
              {text('email', 'donate.email', {
                required: true,
                type: 'email',
                autoComplete: 'email',
                helperText: t('donate.email_help'),
                slotProps: { htmlInput: { spellCheck: 'false', autoCapitalize: 'none' } },
              })}
            </Box>
            <Controller
              control={control}
              name="news_email"
              render={({ field }) => <PrivacyNotice newsEmail={field.value} onNewsEmail={field.onChange} inputRef={field.ref} />}
            />
          </Stack>
        </Panel>

        {showGiftAid && (
          <Panel
            labelledBy="donate-gift-aid"
            sx={{ borderColor: giftAid ? 'secondary.main' : undefined, transition: 'border-color 200ms' }}
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Box
                aria-hidden
                sx={{
                  flexShrink: 0,
                  display: { xs: 'none', sm: 'grid' },
                  placeItems: 'center',
                  width: 48,
                  height: 48,
                  borderRadius: 2,
                  bgcolor: 'rgba(242, 163, 65, 0.16)',
                  color: '#8a4b00',
                }}
              >
                <VolunteerActivismOutlinedIcon />
              </Box>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <PanelTitle id="donate-gift-aid" k="donate.gift_aid.title" />
                <Typography sx={{ color: 'text.secondary', mt: -1.5, mb: 1.5 }}>
                  <SiteText k="donate.gift_aid.intro" />
                </Typography>
                {pence !== null && pence >= 100 && (
                  <Typography sx={{ mb: 1, fontWeight: 600 }} data-testid="gift-aid-boost">
                    {t('donate.gift_aid.adds')} {formatPence(giftAidBoost(pence), language)} ({formatPence(pence, language)} →{' '}
                    {formatPence(pence + giftAidBoost(pence), language)})
                  </Typography>
                )}
                {checkbox('gift_aid', 'donate.gift_aid.add', prefillNames)}
              </Box>
            </Stack>

            <Collapse in={giftAid} unmountOnExit>
              <Stack spacing={2.5} sx={{ pt: 2.5 }}>
                <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '140px 1fr 1fr' } }}>
                  {text('ga_title', 'donate.gift_aid.title_field', { autoComplete: 'honorific-prefix' })}
                  {text('ga_first_name', 'donate.gift_aid.first_name', { required: true, autoComplete: 'given-name' })}
                  {text('ga_last_name', 'donate.gift_aid.last_name', { required: true, autoComplete: 'family-name' })}
                </Box>
                <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {text('ga_house', 'donate.gift_aid.house', { required: true, autoComplete: 'address-line1' })}
                  {!nonUk && text('ga_postcode', 'donate.gift_aid.postcode', { required: true, autoComplete: 'postal-code' })}
                </Box>
                <Box sx={{ mt: '8px !important' }}>
                  {checkbox('ga_non_uk', 'donate.gift_aid.non_uk', (on) => {
                    if (on) setValue('ga_postcode', '', { shouldValidate: true });
                  })}
                </Box>

                <FormControl component="fieldset">
                  <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
                    {t('donate.gift_aid.scope')}
                  </FormLabel>
                  <Controller
                    control={control}
                    name="ga_scope"
                    render={({ field }) => (
                      <RadioGroup name={field.name} value={scope} onChange={(e) => field.onChange(e.target.value)}>
                        <FormControlLabel value="this" control={<Radio />} label={t('donate.gift_aid.this_only')} disabled={monthly} />
                        <FormControlLabel value="all" control={<Radio />} label={t('donate.gift_aid.past_and_future')} />
                      </RadioGroup>
                    )}
                  />
                </FormControl>

                <Box
                  component="blockquote"
                  data-testid="gift-aid-declaration"
                  sx={{ m: 0, px: 2.5, py: 2, borderLeft: '4px solid', borderColor: 'secondary.main', bgcolor: '#fbf7f0', borderRadius: 1 }}
                >
                  <Typography sx={{ fontStyle: 'italic' }}>
                    {scope === 'all' ? GIFT_AID_DECLARATION : GIFT_AID_DECLARATION_THIS_ONLY}
                  </Typography>
                </Box>
                <div>
                  {checkbox('ga_confirmed', 'donate.gift_aid.confirm')}
                  {confirmError && <FormHelperText error>{confirmError}</FormHelperText>}
                </div>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  <SiteText k="donate.gift_aid.note" />
                </Typography>
              </Stack>
            </Collapse>
          </Panel>
        )}

        {proceedError ? (
          <Alert severity="error" role="alert">
            {proceedError}
          </Alert>
        ) : (
          <FormOutcomeMessage outcome={outcome} />
        )}
        <MissingFields fields={missing} />

        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <SiteText k="register.required_note" />
          </Typography>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={proceeding}
            endIcon={<ArrowForwardIcon />}
            sx={{ py: 1.3, px: 5 }}
          >
            {t('donate.proceed')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
