import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { recordRenewalRequest, type MemberDetail } from '../../../shared/api/admin';
import { londonDate } from '../../../shared/domain/london-time';
import { expiryDate, renewalEffectiveDate } from '../../../shared/domain/membership';
import { poundsDecimal } from '../../../shared/domain/money';
import { tierByIndex, tiers } from '../../../shared/domain/tiers';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../lib/api';
import { penceFromPounds } from '../../lib/pounds-input';
import { useLanguage } from '../../lib/language';
import { localisedResolver } from '../../lib/localised-resolver';
import { useNow } from '../../lib/use-now';
import { useWords } from '../../lib/words';
import { useRecordRenewal } from './admin-api';
import { personName } from './admin-labels';
import { useFormAction } from '../../lib/form-outcome';
import { paymentsWords } from './payments-words';
import { useFormats } from './use-formats';

type RenewalMember = Pick<MemberDetail, '_id' | 'first_name' | 'last_name' | 'email' | 'tier_index' | 'last_renewed_date'>;

/** The amount is typed in pounds and sent in pence; the rest is checked by the contract's own rules. */
const formSchema = z.object({
  tier_index: recordRenewalRequest.shape.tier_index,
  amount: z
    .string()
    .transform((text, ctx) => {
      const pence = penceFromPounds(text);
      if (pence !== null) return pence;
      ctx.addIssue({ code: 'custom', message: text.trim() ? 'Enter pounds and pence, e.g. 35.00' : 'Enter the amount received' });
      return z.NEVER;
    })
    .pipe(recordRenewalRequest.shape.amount),
  note: recordRenewalRequest.shape.note,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type FieldName = keyof FormInput;
const fieldNames = new Set<string>(['tier_index', 'amount', 'note']);

const tierPence = (index: number) => tierByIndex(index)?.pence ?? 0;
const startValues = (tierIndex: number): FormInput => ({ tier_index: tierIndex, amount: poundsDecimal(tierPence(tierIndex)), note: '' });

/**
 * Records a renewal paid by cheque, bank transfer or cash: a tier, the sum received and how it
 * came, confirmed in a dialog that names the new expiry date.
 */
export function RecordRenewalForm({ member }: { member: RenewalMember }) {
  const w = useWords(paymentsWords);
  const format = useFormats();
  const language = useLanguage();
  const formAction = useFormAction();
  const name = personName(member);
  const record = useRecordRenewal();
  // The server counts from its own "today"; this shows the same rule, kept fresh past midnight.
  const starts = renewalEffectiveDate(member.last_renewed_date, londonDate(useNow()));
  // The request stays after the dialog closes, so its text does not blank while it fades out.
  const [request, setRequest] = useState<FormOutput | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [recorded, setRecorded] = useState<string | null>(null);
  const fieldToFocus = useRef<FieldName | null>(null);

  const {
    control,
    register,
    handleSubmit,
    getValues,
    setValue,
    clearErrors,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    // The schema's messages, in Armenian on an Armenian page (decision 190).
    resolver: localisedResolver(zodResolver(formSchema), language),
    defaultValues: startValues(tierByIndex(member.tier_index ?? -1)?.index ?? tiers[0].index),
  });

  // A field the server refused gets focus once the dialog has closed (closing hands focus back to the button).
  useEffect(() => {
    if (confirming || !fieldToFocus.current) return;
    setFocus(fieldToFocus.current);
    fieldToFocus.current = null;
  }, [confirming, setFocus]);

  function changeTier(next: number, previous: number, onChange: (value: number) => void) {
    // The amount follows the tier's price until the admin types a sum of their own.
    const amount = getValues('amount');
    if (amount.trim() === '' || penceFromPounds(amount) === tierPence(previous)) {
      setValue('amount', poundsDecimal(tierPence(next)));
      clearErrors('amount');
    }
    onChange(next);
  }

  function confirm(values: FormOutput) {
    record.mutate(
      { user_id: member._id, ...values },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setRecorded(w.recorded(name, format.longDate(answer.expiry_date)));
          reset(startValues(values.tier_index));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field && fieldNames.has(error.field)) {
            const field = error.field as FieldName;
            setError(field, { message: error.detail });
            fieldToFocus.current = field;
            setConfirming(false);
          }
        },
      },
    );
  }

  const fieldError = record.error instanceof ApiError && Boolean(record.error.field && fieldNames.has(record.error.field));
  const failure = record.isError && !fieldError ? errorMessage(record.error, w.recordFailed) : null;
  const chosenTier = request && tierByIndex(request.tier_index);
  const { ref: amountRef, ...amountField } = register('amount');
  const { ref: noteRef, ...noteField } = register('note');

  return (
    <Box>
      <Typography sx={{ color: 'text.secondary', mb: 2.5, maxWidth: 760 }}>
        {w.recordIntro}{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {format.longDate(starts)}
        </Box>
        {w.recordIntroEnd}
      </Typography>
      <Box
        component="form"
        method="post"
        action={formAction}
        noValidate
        onSubmit={(event) =>
          void handleSubmit((values) => {
            // Each attempt starts afresh: no last message, no last error in the dialog.
            setRecorded(null);
            record.reset();
            setRequest(values);
            setConfirming(true);
          })(event)
        }
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}
      >
        <Controller
          control={control}
          name="tier_index"
          render={({ field, fieldState }) => (
            <TextField
              select
              label={w.tier}
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => changeTier(Number(e.target.value), field.value, field.onChange)}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              fullWidth
            >
              {tiers.map((tier) => (
                <MenuItem key={tier.index} value={tier.index}>
                  {format.tierName(tier.index)} ({format.tierPrice(tier.pence)})
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          {...amountField}
          inputRef={amountRef}
          label={w.amount}
          required
          fullWidth
          error={Boolean(errors.amount)}
          helperText={errors.amount?.message ?? w.amountHelp}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
          }}
        />
        <TextField
          {...noteField}
          inputRef={noteRef}
          label={w.note}
          required
          fullWidth
          error={Boolean(errors.note)}
          helperText={errors.note?.message ?? w.noteHelp}
          slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
          sx={{ gridColumn: { md: '1 / -1' } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={record.isPending}>
            {w.record}
          </Button>
        </Box>
      </Box>
      {recorded && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {recorded}
        </Alert>
      )}
      {failure && !confirming && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        question={request ? w.recordQuestion(format.pence(request.amount), name) : ''}
        details={
          chosenTier ? w.recordDetails(format.tierName(chosenTier.index), format.longDate(expiryDate(starts)), member.email) : undefined
        }
        confirmLabel={w.record}
        destructive={false}
        pending={record.isPending}
        error={failure}
        onConfirm={() => request && confirm(request)}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
