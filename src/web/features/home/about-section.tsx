import { Link } from 'react-router';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { Icon, type IconName } from '../../components/icon';
import { SectionHeading } from '../../components/section-heading';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { useSiteText } from '../../lib/site-text';
import styles from './home.module.css';

const pillars: { icon: IconName; title: SiteTextKey; body: SiteTextKey }[] = [
  { icon: 'school', title: 'home.pillars.education.title', body: 'home.pillars.education.body' },
  { icon: 'people', title: 'home.pillars.community.title', body: 'home.pillars.community.body' },
  { icon: 'hospital', title: 'home.pillars.armenia.title', body: 'home.pillars.armenia.body' },
];

export function AboutSection() {
  const { t } = useSiteText();
  const aboutId = t('about_article_id').trim();

  return (
    <section aria-labelledby="about-title" className={ui.section}>
      <div className={cx(ui.container, styles.about)}>
        <div>
          <SectionHeading id="about-title" k="home.about.title" />
          <SiteText k="home.about.body" as="p" className={cx(ui.lead, styles.aboutBody)} />
          {aboutId && (
            <Link to={`/article/${encodeURIComponent(aboutId)}`} className={cx(ui.button, ui.outlined, ui.large)}>
              <SiteText k="home.about.learn_more" />
              {/* Heard, not shown: a link that says only "Learn More" does not say about what. */}
              <span className="visually-hidden">: {t('home.about.title')}</span>
              <Icon name="arrow-forward" />
            </Link>
          )}
        </div>
        <ul className={styles.pillars}>
          {pillars.map((pillar) => (
            <li key={pillar.title} className={cx(ui.card, styles.pillar)}>
              <span aria-hidden className={styles.pillarIcon}>
                <Icon name={pillar.icon} />
              </span>
              <div>
                <h3>
                  <SiteText k={pillar.title} />
                </h3>
                <SiteText k={pillar.body} as="p" className={ui.muted} />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
