import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSiteText } from '../../lib/site-text';

const NavDrawerPanel = lazy(() => import('./nav-drawer-panel').then((m) => ({ default: m.NavDrawerPanel })));

/** Waits for the browser to be idle (after the page has been taken over), at most two seconds. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

/** Below the breakpoint the nav lives in a right-hand drawer opened by the menu button (or a swipe from the edge). */
export function NavDrawer() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const { t } = useSiteText();
  useEffect(() => whenIdle(() => setMounted(true)), []);

  return (
    <>
      <IconButton
        aria-label={t('nav.open_menu')}
        aria-expanded={open}
        aria-controls={open ? 'nav-drawer' : undefined}
        onClick={() => setOpen(true)}
        color="primary"
        size="large"
        edge="end"
      >
        <MenuIcon />
      </IconButton>
      {(mounted || open) && (
        <Suspense fallback={null}>
          <NavDrawerPanel open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
