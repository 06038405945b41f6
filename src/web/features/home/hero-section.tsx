import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { imageSizes, ResponsiveImage } from '../../components/responsive-image';
import { arrowForwardIcon } from '../../components/icons/arrow-forward';
import { heartIcon } from '../../components/icons/heart';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { useSiteText } from '../../lib/site-text';
import styles from './home.module.css';

/** The opening band: the mission over the admin's picture (Settings), or the brand's gradient without one. */
export function HeroSection() {
  const { t } = useSiteText();
  const image = t('hero_image_url').trim();
  return (
    <section aria-labelledby="home-title" className={styles.hero}>
      {/* Decorative: the words over it say what the page is. The first thing painted, so asked for first. */}
      {image && (
        <ResponsiveImage src={image} alt="" sizes={imageSizes.band} width={2000} height={900} priority className={styles.heroImage} />
      )}
      <div className={cx(ui.container, styles.heroInner)}>
        <div className={styles.heroText}>
          <p className={styles.heroEyebrow}>
            <SiteText k="home.established" /> <SiteText k="founded_year" />
          </p>
          <h1 id="home-title">
            <SiteText k="site_name" />
          </h1>
          <SiteText k="home.mission" as="p" className={styles.mission} />
          <div className={styles.heroActions}>
            <Link to="/register" className={cx(ui.button, ui.accent, ui.large)}>
              <SiteText k="home.cta.join" />
              <Icon paths={arrowForwardIcon} />
            </Link>
            <Link to="/donate" className={cx(ui.button, ui.onDark, ui.large)}>
              <Icon paths={heartIcon} />
              <SiteText k="home.cta.donate" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
