import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCardStepDocument } from '../card-step-document';
import { useRoleRefresh } from '../role-refresh';
import styles from './layout.module.css';
import { PageLoadingBar } from './page-loading-bar';
import { SiteFooter } from './site-footer';
import { DesktopNav, SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** The page's frame: header, nav, the page and the footer. */
export function AppLayout() {
  const { pathname, hash } = useLocation();
  const asLoaded = useRef<{ pathname: string; hash: string } | null>({ pathname, hash });
  useRoleRefresh();
  useCardStepDocument(pathname);

  // docs/product.md: every route change starts at the top of the page; a link to a section ("/#contact")
  // goes to that section once the page has drawn it. Not the page as loaded: the browser placed
  // it, and the visitor may have scrolled before the script arrived.
  useEffect(() => {
    if (asLoaded.current?.pathname === pathname && asLoaded.current.hash === hash) return;
    asLoaded.current = null;
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
    <div className={styles.frame}>
      <SkipLink />
      <SiteHeader />
      <DesktopNav />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
        <Suspense fallback={<PageLoadingBar />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
