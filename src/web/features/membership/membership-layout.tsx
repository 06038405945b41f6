import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';

const steps: SiteTextKey[] = ['register.step.details', 'register.step.payment', 'register.step.done'];

/** Where the visitor is in the three steps of joining. */
export function RegisterSteps({ active }: { active: number }) {
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

/** A white card holding one part of a page. */
export function Panel({ children, sx, labelledBy }: { children: ReactNode; sx?: SxProps<Theme>; labelledBy?: string }) {
  return (
    <Paper
      component="section"
      aria-labelledby={labelledBy}
      variant="outlined"
      sx={[{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Paper>
  );
}

export function PanelTitle({ id, k }: { id: string; k: SiteTextKey }) {
  return (
    <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 2.5, color: 'primary.dark' }}>
      <SiteText k={k} />
    </Typography>
  );
}
