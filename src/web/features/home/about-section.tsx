import { Link } from 'react-router';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { type IconPaths } from '../../components/icon';
import { Icon } from '../../components/icon';
import { arrowForwardIcon } from '../../components/icons/arrow-forward';
import { hospitalIcon } from '../../components/icons/hospital';
import { peopleIcon } from '../../components/icons/people';
import { schoolIcon } from '../../components/icons/school';
import { SectionHeading } from '../../components/section-heading';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { useSiteText } from '../../lib/site-text';
import styles from './home.module.css';

const pillars: { icon: IconPaths; title: SiteTextKey; body: SiteTextKey }[] = [
  { icon: schoolIcon, title: 'home.pillars.education.title', body: 'home.pillars.education.body' },
  { icon: peopleIcon, title: 'home.pillars.community.title', body: 'home.pillars.community.body' },
  { icon: hospitalIcon, title: 'home.pillars.armenia.title', body: 'home.pillars.armenia.body' },
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
              <Icon paths={arrowForwardIcon} />
            </Link>
          )}
        </div>
        <ul className={styles.pillars}>
          {pillars.map((pillar) => (
            <li key={pillar.title} className={cx(ui.card, styles.pillar)}>
              <span aria-hidden className={styles.pillarIcon}>
                <Icon paths={pillar.icon} />
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
