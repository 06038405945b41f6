import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { SiteText } from './site-text';
import { sxList } from '../lib/sx';

/** A white card holding one part of a page. */
export function Panel({ children, sx, labelledBy }: { children: ReactNode; sx?: SxProps<Theme>; labelledBy?: string }) {
  return (
    <Paper
      component="section"
      aria-labelledby={labelledBy}
      variant="outlined"
      sx={[{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }, ...sxList(sx)]}
    >
      {children}
    </Paper>
  );
}

/** A panel's heading; `tabIndex` -1 lets a page move focus to it (e.g. when a step slides in). */
export function PanelTitle({ id, k, tabIndex }: { id: string; k: SiteTextKey; tabIndex?: number }) {
  return (
    <Typography id={id} variant="h2" tabIndex={tabIndex} sx={{ fontSize: '1.25rem', mb: 2.5, color: 'primary.dark', outline: 'none' }}>
      <SiteText k={k} />
    </Typography>
  );
}
