import { createContext, useContext, type ReactNode } from 'react';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { cx } from '../lib/class-names';
import styles from './page-banner.module.css';
import { SiteText } from './site-text';
import ui from './ui.module.css';

const InsideBanner = createContext(false);

/**
 * Wraps pages shown under another page's banner (the admin back office around Gift Aid): their
 * own banner becomes a plain section heading, so the page keeps one h1 and one band.
 */
export function UnderBanner({ children }: { children: ReactNode }) {
  return <InsideBanner value>{children}</InsideBanner>;
}

type BannerProps = {
  title?: SiteTextKey;
  intro?: SiteTextKey | null;
  children?: ReactNode;
  /** The width of the page below it: the reading column, or the whole page (default). */
  width?: 'reading' | 'page';
};

/** The coloured band at the top of an inner page; with `title` it holds the page's one h1. */
export function PageBanner({ title, intro, children, width = 'page' }: BannerProps) {
  const container = width === 'reading' ? ui.reading : ui.container;
  if (useContext(InsideBanner)) {
    return (
      <div className={cx(container, styles.under)}>
        {title && (
          <h2>
            <SiteText k={title} />
          </h2>
        )}
        {intro && <SiteText k={intro} as="p" className={styles.intro} />}
        {children}
      </div>
    );
  }
  return (
    <div className={styles.banner}>
      <div className={cx(container, styles.inner)}>
        {title && (
          <h1>
            <SiteText k={title} />
          </h1>
        )}
        {intro && <SiteText k={intro} as="p" className={styles.intro} />}
        {children}
      </div>
    </div>
  );
}
