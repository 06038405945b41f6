import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
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

/** The band at the top of the donation pages, in the look of the membership pages: the page's one h1. */
export function DonationBand({ title, intro }: { title: SiteTextKey; intro?: SiteTextKey }) {
  return (
    <Box
      sx={{
        color: 'common.white',
        background:
          'radial-gradient(circle at 85% 20%, rgba(242, 163, 65, 0.18) 0, transparent 40%),' +
          'linear-gradient(135deg, #073449 0%, #0b4f6c 70%, #0d5d7f 100%)',
      }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h1" sx={{ mb: intro ? 1.5 : 0 }}>
          <SiteText k={title} />
        </Typography>
        {intro && (
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.15rem' }, color: 'rgba(255, 255, 255, 0.92)', maxWidth: 720 }}>
            <SiteText k={intro} />
          </Typography>
        )}
      </Container>
    </Box>
  );
}

const steps: SiteTextKey[] = ['donate.step.details', 'donate.step.payment'];

export function DonateSteps({ active }: { active: number }) {
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

export function PanelTitle({ id, k, tabIndex }: { id: string; k: SiteTextKey; tabIndex?: number }) {
  return (
    <Typography id={id} variant="h2" tabIndex={tabIndex} sx={{ fontSize: '1.25rem', mb: 2.5, color: 'primary.dark', outline: 'none' }}>
      <SiteText k={k} />
    </Typography>
  );
}
