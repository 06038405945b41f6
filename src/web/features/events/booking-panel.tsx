import { useMutation } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BookRequest, BookResponse } from '../../../shared/api/bookings';
import type { EventRecord } from '../../../shared/api/events';
import { lazyWithTheme } from '../../components/lazy-with-theme';
import { LoadingRegion } from '../../components/loading-region';
import { PartBoundary } from '../../components/part-boundary';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { apiRequest, ApiError, errorMessage, lazyEndpoints } from '../../lib/api';
import { cx } from '../../lib/class-names';
import { useFormAction, useFormOutcome } from '../../lib/form-outcome';
import { useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import styles from './events.module.css';

// Loaded with the first booking, not with the page (decision 062); the card step (MUI) likewise.
const bookingsApi = lazyEndpoints(() => import('../../../shared/api/bookings').then((m) => m.bookingsApi));
const loadCardStep = () => import('./booking-card-step').then((m) => m.BookingCardStep);
const BookingCardStep = lazyWithTheme(loadCardStep);

/** The outcomes the page's address may name after a booking made without the script. */
const OUTCOMES = ['confirmed', 'waitlisted', 'check_email'] as const;
type Outcome = (typeof OUTCOMES)[number];

type Step = { kind: 'form' } | { kind: 'card'; answer: BookResponse; request: BookRequest } | { kind: 'done'; status: Outcome };

/** The parameter the card provider adds when a method that left the page comes back here (decision 145). */
const RETURN_SECRET_PARAM = 'payment_intent_client_secret';

/**
 * A paid place whose payment came back from the provider to this page: settled through the one
 * settle call (loaded only then), the secret taken out of the address. Answers the outcome once
 * known, or 'settling' meanwhile; null when the page was not reached that way.
 */
function useReturnedPayment(onSucceeded: () => void): 'settling' | 'processing' | 'failed' | null {
  const [search, setSearch] = useSearchParams();
  const secret = search.get(RETURN_SECRET_PARAM);
  const [outcome, setOutcome] = useState<'settling' | 'processing' | 'failed' | null>(secret ? 'settling' : null);
  const succeeded = useRef(onSucceeded);
  useEffect(() => {
    succeeded.current = onSucceeded;
  });
  useEffect(() => {
    if (!secret) return;
    let live = true;
    void import('../../components/card-payment/payments-api').then(async ({ settlePayment, returnOutcome }) => {
      const settled = returnOutcome(await settlePayment(secret));
      if (!live) return;
      setOutcome(settled === 'succeeded' ? null : settled);
      if (settled === 'succeeded') succeeded.current();
      // A reload shows the event as it is now, and settles nothing again.
      setSearch({}, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [secret, setSearch]);
  return outcome;
}

/**
 * Booking a place on the event's page, in the steps of donating: the details (a signed-in person
 * books as themselves), then the card with Back when the place costs something, and the outcome
 * in the page. The form posts to the page itself, so it works before the script has arrived: the
 * server books a free place, or answers the page with what to do (decisions 082, 085); once the script
 * runs it books through the API, with the fields as they were typed.
 */
export function BookingPanel({ event, onBooked }: { event: EventRecord; onBooked: () => void }) {
  // The page's own address, in its language (decision 150).
  const pageAction = useFormAction();
  const { t, language } = useSiteText();
  const session = useSession();
  const [search] = useSearchParams();
  // The server's answer when the form was posted before the script (decision 085).
  const answered = useFormOutcome('booking');
  const answeredField = (['name', 'email'] as const).find((name) => answered?.fields?.[name]);
  const fromAddress = OUTCOMES.find((outcome) => outcome === search.get('booking'));
  const [step, setStep] = useState<Step>(fromAddress ? { kind: 'done', status: fromAddress } : { kind: 'form' });
  const [fieldError, setFieldError] = useState(
    answeredField ? { field: answeredField, detail: answered?.fields?.[answeredField] ?? '' } : null,
  );
  const outcomeRef = useRef<HTMLDivElement>(null);
  /** The place held by the last Book, for Back then Book again with the same details. */
  const previous = useRef<{ answer: BookResponse; request: BookRequest } | null>(null);

  const book = useMutation({
    mutationFn: (request: BookRequest) => apiRequest(bookingsApi.book, { params: { id: event._id }, body: request }),
    onMutate: () => setFieldError(null),
    onSuccess: (answer, request) => {
      if (answer.status === 'payment_required') {
        previous.current = { answer, request };
        setStep({ kind: 'card', answer, request });
      } else done(answer.status);
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.field === 'name' || error.field === 'email'))
        setFieldError({ field: error.field, detail: error.detail });
    },
  });

  function done(status: Outcome) {
    setStep({ kind: 'done', status });
    onBooked();
  }
  useEffect(() => {
    if (step.kind === 'done' && !fromAddress) outcomeRef.current?.focus();
  }, [step.kind, fromAddress]);
  const returned = useReturnedPayment(() => done('confirmed'));

  if (event.booking_state === 'closed' || event.booking_state === 'not_open_yet') return null;
  if (event.members_only && !session) {
    return (
      <p className={cx(ui.notice, styles.booking)}>
        <span>
          {t('event.book.members_sign_in')} <Link to="/signIn">{t('event.book.sign_in')}</Link>
        </span>
      </p>
    );
  }
  if (returned === 'settling') {
    return (
      <LoadingRegion>
        <div className={ui.skeleton} style={{ height: 120 }} />
      </LoadingRegion>
    );
  }
  if (returned === 'processing') {
    return (
      <div role="status" data-testid="booking-outcome" className={ui.notice}>
        {t('card.processing')}
      </div>
    );
  }
  if (step.kind === 'done') {
    return (
      <div ref={outcomeRef} tabIndex={-1} role="status" data-testid="booking-outcome" className={cx(ui.notice, ui.success, styles.outcome)}>
        {t(`event.book.${step.status}`)}
      </div>
    );
  }
  if (step.kind === 'card') {
    const back = () => setStep({ kind: 'form' });
    return (
      <PartBoundary
        fallback={
          <div role="alert" className={cx(ui.notice, ui.error)}>
            <p style={{ flexGrow: 1 }}>{t('event.book.card_unavailable')}</p>
            <button type="button" className={cx(ui.button, ui.outlined, ui.small)} onClick={back}>
              {t('event.book.back')}
            </button>
          </div>
        }
      >
        <Suspense
          fallback={
            <LoadingRegion>
              <div className={ui.skeleton} style={{ height: 240 }} />
            </LoadingRegion>
          }
        >
          <BookingCardStep event={event} answer={step.answer} onPaid={() => done('confirmed')} onBack={back} />
        </Suspense>
      </PartBoundary>
    );
  }

  const signedIn = session !== null;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = new FormData(e.currentTarget);
    const typed = (name: string) => {
      const value = fields.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const request: BookRequest = {
      // A visitor's mail comes in the language of this page (decision 191); a member's in their own.
      ...(signedIn ? {} : { name: typed('name'), email: typed('email'), language }),
      // Sent only when ticked: agreeing to news is a choice made here, never a default (decision 120).
      ...(fields.get('news_email') === 'true' ? { news_email: true } : {}),
    };
    // Back, then Book with the same details, goes on with the place already held.
    if (previous.current && JSON.stringify(previous.current.request) === JSON.stringify(request)) {
      setStep({ kind: 'card', ...previous.current });
      return;
    }
    // Fetched while the booking is made; a failure shows when the step is drawn (PartBoundary).
    if (event.price_pence > 0 || event.member_price_pence > 0) loadCardStep().catch(() => undefined);
    book.mutate(request);
  };
  // A payment that came back not taken: the form again, saying so (the place may be booked anew).
  const message =
    returned === 'failed' && !book.isError && !book.isSuccess
      ? t('card.return_failed')
      : book.isError
        ? fieldError
          ? null
          : errorMessage(book.error, t('event.book.failed'))
        : answered?.message
          ? answered.message.key
            ? t(answered.message.key)
            : (answered.message.text ?? null)
          : null;
  const field = (name: 'name' | 'email', label: string, type: string, autoComplete: string, hint?: string) => {
    const error = fieldError?.field === name ? fieldError.detail : null;
    const id = `booking-${name}`;
    return (
      <div className={ui.field}>
        <label htmlFor={id} className={ui.label}>
          {label}
        </label>
        <input
          id={id}
          name={name}
          type={type}
          required
          autoComplete={autoComplete}
          defaultValue={answered?.values?.[name] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${id}-note` : undefined}
          className={ui.input}
        />
        {(error || hint) && (
          <p id={`${id}-note`} className={error ? ui.fieldError : ui.hint}>
            {error ?? hint}
          </p>
        )}
      </div>
    );
  };
  return (
    <section aria-labelledby="booking-title" className={cx(ui.card, styles.booking)}>
      <h2 id="booking-title">
        <SiteText k="event.book.title" />
      </h2>
      {/* No noValidate: before the script, the browser's own checks stop an empty field. */}
      <form method="post" action={pageAction} onSubmit={submit} aria-labelledby="booking-title" className={styles.bookingForm}>
        {message && (
          <p role="alert" className={cx(ui.notice, answered?.message?.tone === 'info' && !book.isError ? null : ui.error)}>
            {message}
          </p>
        )}
        {signedIn ? (
          <p>
            {t('event.book.as')} <strong>{session.username}</strong>
          </p>
        ) : (
          <>
            {field('name', t('event.book.name'), 'text', 'name')}
            {field('email', t('event.book.email'), 'email', 'email', t('event.book.email_help'))}
          </>
        )}
        <label className={styles.consent}>
          <input type="checkbox" name="news_email" value="true" defaultChecked={answered?.values?.news_email === 'true'} />
          {t('privacy.news_consent')}
        </label>
        <button type="submit" className={cx(ui.button, ui.primary, ui.large)} disabled={book.isPending}>
          {event.booking_state === 'waitlist' ? t('event.join_waitlist') : t('event.book')}
        </button>
      </form>
    </section>
  );
}
