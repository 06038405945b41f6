import type { SiteTextKey } from '../../../shared/domain/site-text';
import { memo } from 'react';
import { FlowSteps } from '../../components/flow-steps';

const steps: SiteTextKey[] = ['register.step.details', 'register.step.payment', 'register.step.done'];

/** Where the visitor is in the three steps of joining; drawn again only when the step changes (decision 221). */
export const RegisterSteps = memo(function RegisterSteps({ active }: { active: number }) {
  return <FlowSteps steps={steps} active={active} />;
});
