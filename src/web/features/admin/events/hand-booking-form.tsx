import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { checkHandPayment, handBookingFields, handPayments } from '../../../../shared/api/event-admin';
import { ApiError, errorMessage } from '../../../lib/api';
import { penceFromPounds } from '../../../lib/pounds-input';
import { useHandBooking } from './event-admin-api';
import { useFormAction } from '../../../lib/form-outcome';
import { useLanguage } from '../../../lib/language';
import { localisedResolver } from '../../../lib/localised-resolver';
import { useWords } from '../../../lib/words';
import { useFormats } from '../use-formats';
import { eventAdminWords } from './event-admin-words';

const fields = ['name', 'email', 'payment', 'amount', 'reference', 'note'] as const;
type FieldName = (typeof fields)[number];
/** The amount is typed in pounds and checked as pence by the contract's own rules (the server checks again). */
const formSchema = z.preprocess((form) => {
  const values = form as FormInput;
  if (values.payment === 'free') return { ...values, amount: 0 };
  // Empty is 0 (refused for a paid booking, beside the other fields' errors); other text that is
  // not pounds and pence stays text, which the contract refuses with its message.
  if (!values.amount.trim()) return { ...values, amount: 0 };
  return { ...values, amount: penceFromPounds(values.amount) ?? values.amount };
}, handBookingFields.superRefine(checkHandPayment)) as unknown as z.ZodType<z.output<typeof handBookingFields>, FormInput>;
type FormInput = { name: string; email: string; payment: (typeof handPayments)[number]; amount: string; reference: string; note: string };
type FormOutput = z.output<typeof formSchema>;

const empty: FormInput = { name: '', email: '', payment: 'cheque', amount: '', reference: '', note: '' };

/**
 * Someone who booked by post, by phone or at the door, like a renewal received by hand: the
 * booking is confirmed at once and the confirmation (with the calendar file) goes to them.
 */
export function HandBookingForm({ eventId }: { eventId: string }) {
  const w = useWords(eventAdminWords);
  const { pence } = useFormats();
  const language = useLanguage();
  const formAction = useFormAction();
  const book = useHandBooking(eventId);
  // One key per booking being entered: a double click, or a retry after a lost answer, books once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
    // The schema's messages, in Armenian on an Armenian page (decision 190).
  } = useForm<FormInput, unknown, FormOutput>({ resolver: localisedResolver(zodResolver(formSchema), language), defaultValues: empty });
  const payment = useWatch({ control, name: 'payment' });
  const paid = payment !== 'free';

  function submit(values: FormOutput) {
    setDone(null);
    book.mutate(
      { request_id: requestId, ...values },
      {
        onSuccess: () => {
          setDone(w.booked(values.name, paid ? pence(values.amount) : null));
          reset(empty);
          setRequestId(crypto.randomUUID());
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field && (fields as readonly string[]).includes(error.field))
            setError(error.field as FieldName, { message: error.detail }, { shouldFocus: true });
        },
      },
    );
  }

  const fieldError = book.error instanceof ApiError && Boolean(book.error.field);
  const failure = book.isError && !fieldError ? errorMessage(book.error, w.bookFailed) : null;
  const text = (name: 'name' | 'email' | 'reference' | 'note' | 'amount') => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), fullWidth: true };
  };

  return (
    <Box>
      <Typography sx={{ color: 'text.secondary', mb: 2.5, maxWidth: 760 }}>{w.handIntro}</Typography>
      <Box
        component="form"
        method="post"
        action={formAction}
        noValidate
        aria-label={w.byHandTitle}
        onSubmit={(event) => void handleSubmit(submit)(event)}
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
      >
        <TextField
          {...text('name')}
          label={w.name}
          required
          helperText={errors.name?.message}
          slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
        />
        <TextField
          {...text('email')}
          label={w.email}
          type="email"
          required
          helperText={errors.email?.message ?? w.confirmationGoesHere}
          slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'off' } }}
        />
        <Controller
          control={control}
          name="payment"
          render={({ field, fieldState }) => (
            <TextField
              select
              label={w.paidBy}
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.value)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              fullWidth
            >
              {handPayments.map((way) => (
                <MenuItem key={way} value={way}>
                  {w.handPayments[way]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {paid && (
          <TextField
            {...text('amount')}
            label={w.amountReceived}
            required
            helperText={errors.amount?.message ?? w.inPounds}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
              htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            }}
          />
        )}
        {paid && (
          <TextField
            {...text('reference')}
            label={payment === 'cheque' ? w.chequeNumber : payment === 'cash' ? w.receivedBy : w.transferReference}
            required={payment !== 'cash'}
            helperText={errors.reference?.message}
            slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
          />
        )}
        <TextField
          {...text('note')}
          label={w.note}
          helperText={errors.note?.message ?? w.noteHelp}
          slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
          sx={{ gridColumn: { md: '1 / -1' } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={book.isPending}>
            {w.addBooking}
          </Button>
        </Box>
      </Box>
      {done && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {done}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
