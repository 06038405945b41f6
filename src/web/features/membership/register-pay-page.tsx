import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { COMPLETED_FLOW } from '../../components/card-payment/payments-api';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { clearRegistration } from './flow-storage';
import { readRegisterPay, type RegisterPayData } from './flow-storage-schemas';
import { registerConfirmSimple } from './membership-api';
import { RegisterSteps } from './membership-layout';
import { PayStep } from './pay-step';

export function RegisterPayPage() {
  const { t } = useSiteText();
  usePageTitle(t('register.pay.title'));
  // Read once: clearing the data on success must not bounce the page back to step one.
  const [data] = useState(readRegisterPay);
  if (!data) return <Navigate to="/register" replace />;
  return <RegisterPay data={data} />;
}

function RegisterPay({ data }: { data: RegisterPayData }) {
  const { t } = useSiteText();
  const navigate = useNavigate();
  return (
    <PayStep
      proceed={data.proceed}
      flow={{
        text: {
          title: 'register.pay.title',
          intro: 'register.pay.intro',
          freeIntro: 'register.pay.free_intro',
          confirm: 'register.pay.confirm',
          change: 'register.pay.change',
        },
        stepOne: '/register',
        returnPath: '/register/thanks',
        confirmSimple: registerConfirmSimple,
        done: () => {
          clearRegistration();
          void navigate('/register/thanks', { replace: true, state: COMPLETED_FLOW });
        },
        // docs/product.md section 8: "Payment failed:" and the provider's reason.
        failedMessage: (reason) => `${t('pay.failed_prefix')} ${reason ?? t('pay.failed_default')}`,
        steps: <RegisterSteps active={1} />,
        rows: [
          { label: t('pay.member'), value: `${data.first_name} ${data.last_name}` },
          { label: t('register.email'), value: data.email },
          // The card paid with now is kept for next year's charge (decision 140).
          ...(data.proceed.auto_renew ? [{ label: t('auto_renew.summary_label'), value: t('auto_renew.summary_value') }] : []),
        ],
        initialBilling: data.billing,
      }}
    />
  );
}
