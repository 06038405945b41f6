import type { ReactNode } from 'react';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';

/**
 * docs/product.md order: hero, about, events summary, committee, contact. The events summary and the
 * committee belong to their own features and come in as children (features do not import
 * each other; the app composes them, see app/home-route.tsx).
 */
export function HomePage({ children }: { children?: ReactNode }) {
  const { t } = useSiteText();
  usePageTitle(t('site_name'));
  return (
    <>
      <HeroSection />
      <AboutSection />
      {children}
      <ContactSection />
    </>
  );
}
