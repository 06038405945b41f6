import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { useSiteText } from '../lib/site-text';

/** Where the visitor is in a flow of steps (joining, donating). */
export function FlowSteps({ steps, active }: { steps: readonly SiteTextKey[]; active: number }) {
  const { t } = useSiteText();
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ mb: { xs: 3, md: 4 } }}>
      {steps.map((key) => (
        <Step key={key}>
          <StepLabel>{t(key)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
