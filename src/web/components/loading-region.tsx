import type { ReactNode } from 'react';
import { useSiteText } from '../lib/site-text';

/** Read by assistive technology, not shown, as an sx object for the pages drawn with MUI (lengths as strings: sx reads 1 as 100%). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * Skeletons while something loads: hidden from assistive technology, which hears "Loading"
 * instead of a row of empty shapes.
 */
export function LoadingRegion({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useSiteText();
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="visually-hidden">{t('loading')}</span>
      <div aria-hidden style={{ display: 'contents' }}>
        {children}
      </div>
    </div>
  );
}
