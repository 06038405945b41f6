import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useCallback, useRef, useState, type TouchEvent } from 'react';
import { PartBoundary } from '../../components/part-boundary';
import { useSiteText } from '../../lib/site-text';
import { SWIPE_AREA_TOP, SWIPE_AREA_WIDTH } from './nav-items';

const loadPanel = () => import('./nav-drawer-panel');
const NavDrawerPanel = lazy(() => loadPanel().then((m) => ({ default: m.NavDrawerPanel })));

/** How far a finger travels towards the middle before it counts as a swipe (not a tap). */
const SWIPE_DISTANCE = 10;

/**
 * Below the breakpoint the nav lives in a right-hand drawer opened by the menu button or a swipe
 * from the edge. The drawer (MUI's SwipeableDrawer, Modal and Slide) mounts at the first open, not
 * with the page: mounting it closed cost the first load two long tasks on a phone. Until then this
 * thin edge strip stands in for its swipe area; once mounted, the drawer's own takes over.
 */
export function NavDrawer() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // Open only once the drawer has rendered closed: MUI slides a drawer in only when it opens after mounting.
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  const { t } = useSiteText();
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    void loadPanel();
  };
  const onTouchMove = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.touches[0];
    if (!start || !touch) return;
    const towardsMiddle = start.x - touch.clientX;
    if (towardsMiddle > SWIPE_DISTANCE && towardsMiddle > Math.abs(touch.clientY - start.y)) {
      touchStart.current = null;
      show();
    }
  };

  return (
    <>
      <IconButton
        aria-label={t('nav.open_menu')}
        aria-expanded={open}
        aria-controls={open ? 'nav-drawer' : undefined}
        // The drawer's code starts loading as the finger or pointer goes down, before the click.
        onPointerDown={() => void loadPanel()}
        onClick={show}
        color="primary"
        size="large"
        edge="end"
      >
        <MenuIcon />
      </IconButton>
      {!mounted && (
        <Box
          onTouchStart={onTouchStart}
          onTouchMove={onTouchMove}
          sx={{
            position: 'fixed',
            top: SWIPE_AREA_TOP,
            bottom: 0,
            right: 0,
            width: SWIPE_AREA_WIDTH,
            zIndex: (theme) => theme.zIndex.drawer - 1,
          }}
        />
      )}
      {mounted && (
        <PartBoundary>
          <Suspense fallback={null}>
            <NavDrawerPanel open={open && ready} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} onReady={onReady} />
          </Suspense>
        </PartBoundary>
      )}
    </>
  );
}
