import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import EventIcon from '@mui/icons-material/Event';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LoginIcon from '@mui/icons-material/Login';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PAGE } from '../../../shared/domain/page-paths';
import { ThanksCard } from '../../components/thanks-card';
import { errorMessage } from '../../lib/api';
import { saveSession, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { PaymentReturnNotice } from '../../components/card-payment/payment-return-notice';
import { useCompletedFlow, useSettleOnReturn } from '../../components/card-payment/payments-api';
import { clearJoinSignIn, clearRegistration } from './flow-storage';
import { readJoinSignIn, type JoinSignIn } from './flow-storage-schemas';
import { RegisterSteps } from './membership-layout';
import { registerSignIn } from './membership-api';

type SignInState = { status: 'idle' | 'signing-in' | 'signed-in' } | { status: 'failed'; reason: string };

// One sign-in per secret while it is under way, however often the effect runs (StrictMode runs it twice in development).
const signIns = new Map<string, ReturnType<typeof registerSignIn>>();
function signInOnce(grant: JoinSignIn) {
  let signIn = signIns.get(grant.secret);
  if (!signIn) {
    signIn = registerSignIn(grant).then((answer) => {
      saveSession({ token: answer.access_token, username: answer.username, role: answer.role });
      return answer;
    });
    // Used or refused, the secret is of no more use.
    void signIn
      .catch(() => undefined)
      .finally(() => {
        clearJoinSignIn();
        signIns.delete(grant.secret);
      });
    signIns.set(grant.secret, signIn);
  }
  return signIn;
}

/**
 * Signs the new member in once the flow has completed here (decision 086), or says plainly why
 * not; someone already signed in, or a flow without the secret, is left as they are.
 */
function useSignInAfterJoining(completed: boolean): SignInState {
  const { t } = useSiteText();
  const [grant] = useState(readJoinSignIn);
  const [result, setResult] = useState<SignInState | null>(null);
  useEffect(() => {
    if (!completed || !grant) return;
    let live = true;
    signInOnce(grant).then(
      () => live && setResult({ status: 'signed-in' }),
      (error: unknown) => live && setResult({ status: 'failed', reason: errorMessage(error, t('error.generic')) }),
    );
    return () => {
      live = false;
    };
  }, [completed, grant, t]);
  return result ?? { status: completed && grant ? 'signing-in' : 'idle' };
}

export function RegisterThanksPage() {
  const { t } = useSiteText();
  usePageTitle(t('register.thanks.title'));
  // Also the return address of a card check that left the site (docs/product.md section 7).
  const settling = useSettleOnReturn();
  const completed = useCompletedFlow();
  const session = useSession();
  const signIn = useSignInAfterJoining(!settling && completed);
  useEffect(() => {
    if (!settling && completed) clearRegistration();
  }, [settling, completed]);

  // Opened from a bookmark or typed in: nothing was completed here, so nothing is confirmed.
  if (!settling && !completed) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
        <PaymentReturnNotice />
        <ThanksCard icon={<InfoOutlinedIcon fontSize="large" />} title="register.thanks.neutral_title" body="register.thanks.neutral_body">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to={PAGE.register} variant="contained" size="large">
              {t('register.thanks.neutral_join')}
            </Button>
            <Button component={RouterLink} to={PAGE.signIn} variant="outlined" size="large" startIcon={<LoginIcon />}>
              {t('register.thanks.sign_in')}
            </Button>
          </Stack>
        </ThanksCard>
      </Container>
    );
  }

  const signedIn = signIn.status === 'signed-in' || (signIn.status !== 'signing-in' && session !== null);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <RegisterSteps active={3} />
      <ThanksCard icon={<CelebrationOutlinedIcon fontSize="large" />} title="register.thanks.title" body="register.thanks.body">
        {signIn.status === 'signing-in' && (
          <Alert severity="info" role="status" sx={{ mb: 3, textAlign: 'left' }}>
            {t('register.thanks.signing_in')}
          </Alert>
        )}
        {signIn.status === 'signed-in' && (
          <Alert severity="success" role="status" sx={{ mb: 3, textAlign: 'left' }}>
            {t('register.thanks.signed_in')}
          </Alert>
        )}
        {signIn.status === 'failed' && (
          <Alert severity="warning" sx={{ mb: 3, textAlign: 'left' }}>
            {t('register.thanks.sign_in_failed')} {signIn.reason}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          {signedIn ? (
            <Button component={RouterLink} to={PAGE.profile} variant="contained" size="large" startIcon={<PersonOutlineIcon />}>
              {t('register.thanks.profile')}
            </Button>
          ) : (
            <Button component={RouterLink} to={PAGE.signIn} variant="contained" size="large" startIcon={<LoginIcon />}>
              {t('register.thanks.sign_in')}
            </Button>
          )}
          <Button component={RouterLink} to={PAGE.events} variant="outlined" size="large" startIcon={<EventIcon />}>
            {t('register.thanks.events')}
          </Button>
        </Stack>
      </ThanksCard>
    </Container>
  );
}
