import CreditCardIcon from '@mui/icons-material/CreditCard';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { SiteText } from '../site-text';
import { errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { warnNotReady, type CardFormProps } from './card-form-types';
import { parseExpiry } from '../../../shared/domain/card-rules';
import { cardNumberComplete, cvcComplete, expiryState, formatCardNumber, formatExpiry } from './card-number';
import { settlePayment, testConfirm } from './payments-api';
import { useFormAction } from '../../lib/form-outcome';

/**
 * The test provider's card form (docs/architecture.md "Payments"): Stripe's test numbers behave as on Stripe.
 * The form checks what Stripe's own form checks (the number for its brand, an expiry not yet
 * past, the security code's length) by the rules the server applies too (decision 106).
 */
export function TestCardForm({ clientSecret, payLabel, onPaid, onFailed, onAttempt, children }: CardFormProps) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [paying, setPaying] = useState(false);

  const numberOk = cardNumberComplete(number);
  const expiryChecked = expiryState(expiry, new Date());
  const expiryOk = expiryChecked === 'ok';
  const cvcOk = cvcComplete(cvc, number);
  const ready = numberOk && expiryOk && cvcOk;

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (paying) return;
    if (!ready) {
      warnNotReady();
      setShowErrors(true);
      return;
    }
    setPaying(true);
    onAttempt?.();
    try {
      const { month, year } = parseExpiry(expiry)!;
      await testConfirm(clientSecret, { card_number: number, exp_month: month, exp_year: year, cvc });
    } catch (error) {
      setPaying(false);
      const reason = errorMessage(error, '');
      onFailed(reason || null);
      return;
    }
    await settlePayment(clientSecret);
    onPaid();
  }

  return (
    <Box component="form" method="post" action={formAction} noValidate onSubmit={(event) => void pay(event)} aria-label={t('card.details')}>
      <Stack spacing={2.5}>
        <Alert severity="info" icon={<CreditCardIcon />}>
          <Box component="strong" sx={{ display: 'block' }}>
            <SiteText k="card.test_note" />
          </Box>
          <SiteText k="card.test_hint" />
        </Alert>
        <TextField
          label={t('card.number')}
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          autoComplete="cc-number"
          required
          fullWidth
          placeholder="1234 1234 1234 1234"
          error={showErrors && !numberOk}
          helperText={showErrors && !numberOk ? t('card.number_invalid') : undefined}
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 19, 'data-testid': 'card-number' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <CreditCardIcon aria-hidden sx={{ color: 'text.secondary' }} />
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack direction="row" spacing={2}>
          <TextField
            label={t('card.expiry')}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value, expiry))}
            autoComplete="cc-exp"
            required
            sx={{ flex: '3 1 0', minWidth: 0 }}
            placeholder="MM/YY"
            error={showErrors && !expiryOk}
            helperText={showErrors && !expiryOk ? t(expiryChecked === 'past' ? 'card.expiry_past' : 'card.expiry_invalid') : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
          <TextField
            label={t('card.cvc')}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            autoComplete="cc-csc"
            required
            sx={{ flex: '2 1 0', minWidth: 0 }}
            error={showErrors && !cvcOk}
            helperText={showErrors && !cvcOk ? t('card.cvc_invalid') : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
        </Stack>
        {children}
        <Button type="submit" variant="contained" size="large" fullWidth loading={paying} startIcon={<LockIcon />} sx={{ py: 1.3 }}>
          {payLabel}
        </Button>
      </Stack>
    </Box>
  );
}
