import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { useSiteText } from '../lib/site-text';

/** Where the visitor is in a flow of steps (joining, donating). */
export function FlowSteps({ steps, active }: { steps: readonly SiteTextKey[]; active: number }) {
  const { t } = useSiteText();
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      // A pending step's white number on MUI's light grey (text.disabled) is about 2.7:1; this grey gives 5.4:1 (WCAG AA asks 4.5:1).
      sx={{ mb: { xs: 3, md: 4 }, '& .MuiStepIcon-root:not(.Mui-active):not(.Mui-completed)': { color: '#5f6b7a' } }}
    >
      {steps.map((key) => (
        <Step key={key}>
          <StepLabel>{t(key)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
