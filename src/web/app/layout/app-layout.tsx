import Box from '@mui/material/Box';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRoleRefresh } from '../role-refresh';
import { DesktopNav } from './desktop-nav';
import { PageLoadingBar } from './page-loading-bar';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { SiteFooter } from './site-footer';

/** The page's frame: header, nav, the page and the footer. */
export function AppLayout() {
  const { pathname, hash } = useLocation();
  useRoleRefresh();

  // SPEC: every route change starts at the top of the page; a link to a section ("/#contact")
  // goes to that section once the page has drawn it.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) {
      window.scrollTo(0, 0);
      return;
    }
    let frames = 0;
    let frame = requestAnimationFrame(function find() {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      else if (frames++ < 60) frame = requestAnimationFrame(find);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <SiteHeader />
      <DesktopNav />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoadingBar />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}
