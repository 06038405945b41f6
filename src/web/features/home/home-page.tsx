import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';

/** SPEC order: hero, about, events summary, committee, contact. */
export function HomePage() {
  const { t } = useSiteText();
  usePageTitle(t('site_name'));
  return (
    <>
      <HeroSection />
      <AboutSection />
      {/* The events summary and the committee grid go here. */}
      <ContactSection />
    </>
  );
}
