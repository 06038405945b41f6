import CreditCardIcon from '@mui/icons-material/CreditCard';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { parseExpiry } from '../../../shared/domain/card-rules';
import { useSiteText } from '../../lib/site-text';
import { cardNumberComplete, cvcComplete, expiryState, formatCardNumber, formatExpiry } from './card-number';

/**
 * The test provider's card, as typed: checked by the rules Stripe's own form and the server apply
 * (decision 106). Shared by the payment step and the step that saves a card for later charges.
 */
export function useTestCard() {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const numberOk = cardNumberComplete(number);
  const expiryChecked = expiryState(expiry, new Date());
  const cvcOk = cvcComplete(cvc, number);
  return {
    number,
    expiry,
    cvc,
    setNumber: (typed: string) => setNumber(formatCardNumber(typed)),
    setExpiry: (typed: string) => setExpiry(formatExpiry(typed, expiry)),
    setCvc: (typed: string) => setCvc(typed.replace(/\D/g, '').slice(0, 4)),
    numberOk,
    expiryChecked,
    cvcOk,
    complete: numberOk && expiryChecked === 'ok' && cvcOk,
    /** What the provider is sent (only once `complete`). */
    details: () => ({ card_number: number, ...toMonthYear(expiry), cvc }),
  };
}

function toMonthYear(expiry: string) {
  const { month, year } = parseExpiry(expiry)!;
  return { exp_month: month, exp_year: year };
}

export type TestCard = ReturnType<typeof useTestCard>;

/** The number, expiry and security code, each with its message once `showErrors`. */
export function TestCardFields({ card, showErrors }: { card: TestCard; showErrors: boolean }) {
  const { t } = useSiteText();
  const expiryOk = card.expiryChecked === 'ok';
  return (
    <>
      <TextField
        label={t('card.number')}
        value={card.number}
        onChange={(e) => card.setNumber(e.target.value)}
        autoComplete="cc-number"
        required
        fullWidth
        placeholder="1234 1234 1234 1234"
        error={showErrors && !card.numberOk}
        helperText={showErrors && !card.numberOk ? t('card.number_invalid') : undefined}
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
          value={card.expiry}
          onChange={(e) => card.setExpiry(e.target.value)}
          autoComplete="cc-exp"
          required
          sx={{ flex: '3 1 0', minWidth: 0 }}
          placeholder="MM/YY"
          error={showErrors && !expiryOk}
          helperText={showErrors && !expiryOk ? t(card.expiryChecked === 'past' ? 'card.expiry_past' : 'card.expiry_invalid') : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <TextField
          label={t('card.cvc')}
          value={card.cvc}
          onChange={(e) => card.setCvc(e.target.value)}
          autoComplete="cc-csc"
          required
          sx={{ flex: '2 1 0', minWidth: 0 }}
          error={showErrors && !card.cvcOk}
          helperText={showErrors && !card.cvcOk ? t('card.cvc_invalid') : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Stack>
    </>
  );
}
