import CreditCardIcon from '@mui/icons-material/CreditCard';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { SiteText } from '../site-text';
import { errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { warnNotReady, type CardFormProps } from './card-form-types';
import { TestCardFields, useTestCard } from './test-card-fields';
import type { TestMethod } from '../../../shared/api/payments';
import { settlePayment, testAuthenticate, testConfirm } from './payments-api';
import { TestAuthenticationStep } from './test-authentication-step';
import { useFormAction } from '../../lib/form-outcome';
import { DEBIT_MESSAGES } from '../../../shared/domain/direct-debit';

const sortCodeOk = (value: string) => /^\d{2}[- ]?\d{2}[- ]?\d{2}$/.test(value.trim());
const accountOk = (value: string) => /^\d{8}$/.test(value.trim());

const METHOD_LABEL_ID = 'test-payment-method-label';

/**
 * The test provider's card step (docs/architecture.md "Payments"): Stripe's test numbers behave as on Stripe.
 * The form checks what Stripe's own form checks (the number for its brand, an expiry not yet
 * past, the security code's length) by the rules the server applies too (decision 106). Like the
 * Payment Element it offers more than the card (decision 145): a wallet-like button, and a bank
 * that asks the payer to authenticate in a step they complete or cancel; and for a membership, Bacs
 * Direct Debit with its mandate shown and confirmed, which stays processing for days (decision 175).
 */
export function TestCardForm({ clientSecret, payLabel, onPaid, onFailed, onAttempt, children, directDebit }: CardFormProps) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const [method, setMethod] = useState<TestMethod>('card');
  const [authenticating, setAuthenticating] = useState(false);
  const [checks, setChecks] = useState(0);
  const card = useTestCard();
  const [showErrors, setShowErrors] = useState(false);
  const [paying, setPaying] = useState(false);
  const [holder, setHolder] = useState('');
  const [sortCode, setSortCode] = useState('');
  const [account, setAccount] = useState('');
  const [mandate, setMandate] = useState(false);
  const [processing, setProcessing] = useState(false);

  const debitOk = holder.trim() !== '' && sortCodeOk(sortCode) && accountOk(account) && mandate;
  const ready = method === 'card' ? card.complete : method === 'bacs_debit' ? debitOk : true;

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
    let answer: Awaited<ReturnType<typeof testConfirm>>;
    try {
      if (method === 'card') {
        answer = await testConfirm(clientSecret, { method, ...card.details() });
      } else if (method === 'bacs_debit') {
        answer = await testConfirm(clientSecret, {
          method,
          sort_code: sortCode.trim(),
          account_number: account.trim(),
          account_holder_name: holder.trim(),
          mandate_accepted: true,
        });
      } else answer = await testConfirm(clientSecret, { method });
    } catch (error) {
      failed(error);
      return;
    }
    if (answer.status === 'requires_action') {
      setChecks((n) => n + 1);
      setAuthenticating(true);
      return;
    }
    if (answer.status === 'processing') {
      // Submitted to the bank: nothing more to do here, the outcome comes in about three working days.
      const settled = await settlePayment(clientSecret);
      if (settled === 'succeeded') return onPaid();
      setPaying(false);
      setProcessing(true);
      return;
    }
    await finish();
  }

  function failed(error: unknown) {
    setPaying(false);
    const reason = errorMessage(error, '');
    onFailed(reason || null);
  }

  async function finish() {
    await settlePayment(clientSecret);
    onPaid();
  }

  /** The payer's answer to their bank's check: completed, it pays; cancelled, nothing is taken. */
  async function authenticated(complete: boolean) {
    try {
      await testAuthenticate(clientSecret, complete ? 'complete' : 'cancel');
    } catch (error) {
      setAuthenticating(false);
      failed(error);
      return;
    }
    setAuthenticating(false);
    await finish();
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
        <div>
          <Typography id={METHOD_LABEL_ID} component="div" variant="body2" sx={{ fontWeight: 600 }}>
            {t('card.payment_method')}
          </Typography>
          <RadioGroup
            row
            aria-labelledby={METHOD_LABEL_ID}
            name="test-payment-method"
            value={method}
            onChange={(e) => setMethod(e.target.value as TestMethod)}
          >
            <FormControlLabel value="card" control={<Radio />} label={t('card.test_method_card')} />
            <FormControlLabel value="wallet" control={<Radio />} label={t('card.test_method_wallet')} />
            <FormControlLabel value="bank" control={<Radio />} label={t('card.test_method_bank')} />
            {directDebit && <FormControlLabel value="bacs_debit" control={<Radio />} label={t('card.test_method_debit')} />}
          </RadioGroup>
        </div>
        {method === 'card' && (
          <>
            <TestCardFields card={card} showErrors={showErrors} />
          </>
        )}
        {method === 'wallet' && <Typography sx={{ color: 'text.secondary' }}>{t('card.test_wallet_hint')}</Typography>}
        {method === 'bank' && <Typography sx={{ color: 'text.secondary' }}>{t('card.test_bank_hint')}</Typography>}
        {method === 'bacs_debit' && (
          <>
            <Typography sx={{ color: 'text.secondary' }}>{t('card.debit_test_hint')}</Typography>
            <TextField
              label={t('card.debit_holder')}
              value={holder}
              onChange={(e) => setHolder(e.target.value)}
              autoComplete="name"
              required
              fullWidth
              error={showErrors && holder.trim() === ''}
              helperText={showErrors && holder.trim() === '' ? DEBIT_MESSAGES.accountHolder : undefined}
            />
            <Stack direction="row" spacing={2}>
              <TextField
                label={t('card.debit_sort_code')}
                value={sortCode}
                onChange={(e) => setSortCode(e.target.value.replace(/[^\d -]/g, '').slice(0, 8))}
                required
                sx={{ flex: '2 1 0', minWidth: 0 }}
                placeholder="10-88-00"
                error={showErrors && !sortCodeOk(sortCode)}
                helperText={showErrors && !sortCodeOk(sortCode) ? DEBIT_MESSAGES.sortCode : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
              />
              <TextField
                label={t('card.debit_account')}
                value={account}
                onChange={(e) => setAccount(e.target.value.replace(/\D/g, '').slice(0, 8))}
                required
                sx={{ flex: '3 1 0', minWidth: 0 }}
                error={showErrors && !accountOk(account)}
                helperText={showErrors && !accountOk(account) ? DEBIT_MESSAGES.accountNumber : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
              />
            </Stack>
            <Alert severity="info" icon={false}>
              <SiteText k="card.debit_mandate" />
            </Alert>
            <div>
              <FormControlLabel
                control={<Checkbox checked={mandate} onChange={(e) => setMandate(e.target.checked)} required />}
                label={t('card.debit_confirm')}
              />
              {showErrors && !mandate && <FormHelperText error>{DEBIT_MESSAGES.mandate}</FormHelperText>}
            </div>
          </>
        )}
        {children}
        {processing && (
          <Alert severity="info" role="status">
            {t('card.debit_processing')}
          </Alert>
        )}
        {method === 'wallet' ? (
          // Drawn as the wallets draw theirs: the button is the method.
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={paying}
            sx={{ py: 1.3, bgcolor: '#000', color: '#fff', '&:hover': { bgcolor: '#222' } }}
          >
            {t('card.test_wallet_pay')}
          </Button>
        ) : (
          !processing && (
            <Button type="submit" variant="contained" size="large" fullWidth loading={paying} startIcon={<LockIcon />} sx={{ py: 1.3 }}>
              {payLabel}
            </Button>
          )
        )}
      </Stack>
      <TestAuthenticationStep key={checks} open={authenticating} onAnswer={(complete) => void authenticated(complete)} />
    </Box>
  );
}
