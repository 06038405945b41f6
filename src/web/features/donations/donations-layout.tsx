import type { SiteTextKey } from '../../../shared/domain/site-text';
import { FlowSteps } from '../../components/flow-steps';

const steps: SiteTextKey[] = ['donate.step.details', 'donate.step.payment'];

/** Where the donor is in the two steps of giving. */
export function DonateSteps({ active }: { active: number }) {
  return <FlowSteps steps={steps} active={active} />;
}
