import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { COMPLETED_FLOW } from '../../components/card-payment/payments-api';
import type { DonateProceedRequest } from '../../../shared/api/donations';
import { ApiError, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { PageBanner } from '../../components/page-banner';
import { DonateCardStep, type ProceededDonation } from './donate-card-step';
import { DonateDetailsStep } from './donate-details-step';
import {
  donateFormSchema,
  donateValuesFromFields,
  emptyDonateForm,
  toProceedRequest,
  type DonateFormValues,
} from '../../../shared/api/donate-form';
import type { FormHandover } from '../../../shared/domain/form-outcome';
import { PAGE } from '../../../shared/domain/page-paths';
import { useFormHandover, useFormOutcome } from '../../lib/form-outcome';
import { donateProceed, useDonationsConfig } from './donations-api';
import { DonateSteps } from './donations-layout';
import { DonateMonthlyStep, type BegunMonthlyGift } from './donate-monthly-step';
import { startMonthlyGift } from './monthly-gifts-api';

/** Server fields that match a field of step 1. */
const formFieldOf: Record<string, keyof DonateFormValues> = { amount: 'amount', name: 'name', email: 'email' };

/** docs/product.md: a two-step donation in one page; step 1 slides to step 2 after the proceed call. */
export function DonatePage() {
  const { t, language } = useSiteText();
  usePageTitle(t('donate.title'));
  const navigate = useNavigate();
  const config = useDonationsConfig();
  const giftAidOffered = config.data?.gift_aid_available === true;

  const schema = useMemo(
    () =>
      donateFormSchema({
        amount: t('donate.amount_invalid'),
        amountTooLarge: t('donate.amount_too_large'),
        name: t('donate.name_required'),
        email: t('donate.email_invalid'),
        confirm: t('donate.gift_aid.confirm_required'),
      }),
    [t],
  );
  // Sent before the script took the form over (decision 085): the server's answer.
  const outcome = useFormOutcome('donate');
  const [shownOutcome, setShownOutcome] = useState(outcome);
  const [defaults] = useState(() => (outcome?.values ? donateValuesFromFields(outcome.values) : emptyDonateForm));
  const form = useForm<DonateFormValues>({ resolver: zodResolver(schema), defaultValues: defaults, mode: 'onTouched' });
  const [donation, setDonation] = useState<ProceededDonation | null>(null);
  const [monthly, setMonthly] = useState<BegunMonthlyGift | null>(null);
  const [step, setStep] = useState<0 | 1>(0);
  const [proceedError, setProceedError] = useState<string | null>(null);
  // Begun on the server: the card step takes it from here, as after the page's own proceed.
  useFormHandover(
    outcome,
    useCallback((handover: FormHandover) => {
      if (handover.kind === 'monthly-gift') {
        setDonation(null);
        setMonthly({
          request: handover.request,
          giftId: handover.giftId,
          clientSecret: handover.clientSecret,
          setupIntentId: handover.setupIntentId,
        });
        setStep(1);
        return;
      }
      if (handover.kind !== 'donation') return;
      setMonthly(null);
      setDonation({ request: handover.request, clientSecret: handover.clientSecret, amount: handover.amount });
      setStep(1);
    }, []),
  );

  const proceed = useMutation({
    // A donation's receipt comes in the language of this page, and a monthly gift's every month (decisions 150, 191).
    mutationFn: async ({ request, frequency }: { request: DonateProceedRequest; frequency: DonateFormValues['frequency'] }) =>
      frequency === 'monthly'
        ? ({ kind: 'monthly', answer: await startMonthlyGift({ ...request, language }) } as const)
        : ({ kind: 'once', answer: await donateProceed({ ...request, language }) } as const),
    onMutate: () => setProceedError(null),
    onSuccess: (begun, { request }) => {
      if (begun.kind === 'monthly') {
        setDonation(null);
        setMonthly({
          request,
          giftId: begun.answer.gift_id,
          clientSecret: begun.answer.client_secret,
          setupIntentId: begun.answer.setup_intent_id,
        });
      } else {
        setMonthly(null);
        setDonation({ request, clientSecret: begun.answer.clientSecret, amount: begun.answer.amount });
      }
      setStep(1);
    },
    onError: (error) => {
      // docs/product.md section 8 stops the loading state silently; the server's reason (e.g. too many attempts) helps more.
      const field = error instanceof ApiError && error.field ? formFieldOf[error.field] : undefined;
      if (field) form.setError(field, { message: (error as ApiError).detail });
      setProceedError(errorMessage(error, t('donate.proceed_failed')));
    },
  });

  function onProceed() {
    setShownOutcome(null);
    void form.handleSubmit((values) => {
      const request = toProceedRequest(values, giftAidOffered);
      // Back then Proceed with nothing changed goes on with the same payment (or gift) rather than starting another.
      const begun = values.frequency === 'monthly' ? monthly : donation;
      if (begun && JSON.stringify(begun.request) === JSON.stringify(request)) {
        setStep(1);
        return;
      }
      proceed.mutate({ request, frequency: values.frequency });
    })();
  }

  // Each step starts at the top, with focus on its heading so screen readers follow the slide.
  const sliderRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const top = sliderRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) window.scrollBy({ top: top - 120 });
    document.getElementById(step === 0 ? 'donate-details' : 'donate-confirm')?.focus({ preventScroll: true });
  }, [step]);

  return (
    <>
      <PageBanner title="donate.title" intro="donate.intro" />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box sx={{ maxWidth: 560, mx: 'auto' }}>
          <DonateSteps active={step} />
        </Box>
        <Box ref={sliderRef} sx={{ position: 'relative', overflow: 'hidden', mx: -1, px: 1, pb: 1 }}>
          <SlidePane active={step === 0} offset={step === 0 ? 0 : -1}>
            <Box sx={{ maxWidth: 820, mx: 'auto' }}>
              <DonateDetailsStep
                form={form}
                giftAidOffered={giftAidOffered}
                proceeding={proceed.isPending}
                proceedError={proceedError}
                outcome={shownOutcome}
                onProceed={onProceed}
              />
            </Box>
          </SlidePane>
          <SlidePane active={step === 1} offset={step === 1 ? 0 : 1}>
            {monthly && (
              <DonateMonthlyStep
                key={monthly.giftId}
                gift={monthly}
                onBack={(declined) => {
                  // A declined first month ended that gift: Proceed starts another.
                  if (declined) setMonthly(null);
                  setStep(0);
                }}
              />
            )}
            {donation && (
              <DonateCardStep
                key={donation.clientSecret}
                donation={donation}
                onBack={() => setStep(0)}
                onPaid={() => void navigate(PAGE.donateThanks, { replace: true, state: COMPLETED_FLOW })}
              />
            )}
          </SlidePane>
        </Box>
      </Container>
    </>
  );
}

/**
 * One step of the slide. The shown step is in the flow and sets the height; the other sits beside
 * it, out of view, inert and hidden from assistive technology. No motion for reduced motion.
 */
function SlidePane({ active, offset, children }: { active: boolean; offset: number; children: React.ReactNode }) {
  return (
    <Box
      inert={!active}
      aria-hidden={!active || undefined}
      sx={(theme) => ({
        position: active ? 'relative' : 'absolute',
        inset: active ? undefined : '0 0 auto 0',
        px: 1,
        mx: -1,
        transform: `translateX(${offset * 110}%)`,
        visibility: active ? 'visible' : 'hidden',
        // The arriving step is visible at once (its heading takes focus); the leaving one hides after the slide.
        transition: theme.transitions.create(active ? ['transform'] : ['transform', 'visibility'], {
          duration: theme.transitions.duration.complex,
        }),
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
      })}
    >
      {children}
    </Box>
  );
}
