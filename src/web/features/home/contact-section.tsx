import { isWebAddress } from '../../../shared/domain/richtext/safe-url';
import { Icon } from '../../components/icon';
import { mailIcon } from '../../components/icons/mail';
import { SectionHeading } from '../../components/section-heading';
import { SiteText } from '../../components/site-text';
import { SocialPage } from '../../components/social-page';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { useSiteText } from '../../lib/site-text';
import styles from './home.module.css';

export function ContactSection() {
  const { t } = useSiteText();
  const email = t('contact_email').trim();
  const social = t('social_media_url').trim();
  // Only a web address may become a link (never javascript: and the like); only https a frame.
  const socialUrl = isWebAddress(social) ? social : '';

  return (
    <section id="contact" aria-labelledby="contact-title" className={cx(ui.section, styles.contact)}>
      <div className={cx(socialUrl ? ui.container : ui.reading, styles.contactGrid, socialUrl ? styles.withSocial : styles.centred)}>
        <div>
          <SectionHeading id="contact-title" k="contact.title" />
          <SiteText k="contact.body" as="p" className={cx(ui.lead, styles.contactBody)} />
          {email && (
            <a href={`mailto:${email}`} className={cx(ui.button, ui.primary, ui.large, styles.mailButton)}>
              <Icon paths={mailIcon} />
              <SiteText k="contact_email" />
            </a>
          )}
        </div>
        {socialUrl && <SocialPage url={socialUrl} />}
      </div>
    </section>
  );
}
