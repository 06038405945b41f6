import type { SiteTextKey } from '../../../shared/domain/site-text';
import { FlowSteps } from '../../components/flow-steps';

const steps: SiteTextKey[] = ['register.step.details', 'register.step.payment', 'register.step.done'];

/** Where the visitor is in the three steps of joining. */
export function RegisterSteps({ active }: { active: number }) {
  return <FlowSteps steps={steps} active={active} />;
}
