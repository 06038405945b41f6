import { useState } from 'react';
import { socialEmbed } from '../../shared/domain/social-embed';
import { cx } from '../lib/class-names';
import { useSiteText } from '../lib/site-text';
import { Icon } from './icon';
import { forumIcon } from './icons/forum';
import { openInNewIcon } from './icons/open-in-new';
import { SiteText } from './site-text';
import styles from './social-page.module.css';
import ui from './ui.module.css';

/** "{network}" and "{host}" in a site text, filled in. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(network|host)\}/g, (_match, name: string) => values[name] ?? '');

/**
 * The association's social media page, privacy-friendly: a button and a note first, and the
 * network's frame (its scripts and cookies) only after the visitor chooses it (UK PECR wants
 * consent for cookies that are not essential). Nothing here needs the browser to draw the first
 * time, so the server can render it too. `preview` (Settings) shows the card without loading anything.
 */
export function SocialPage({ url, buttonLabel, preview = false }: { url: string; buttonLabel?: string; preview?: boolean }) {
  const { t } = useSiteText();
  const [shown, setShown] = useState(false);
  const embed = socialEmbed(url);
  const values = { network: embed?.network ?? 'social media', host: embed?.host ?? '' };
  const label = fill(buttonLabel ?? t('contact.social_show'), values);

  return (
    <div className={styles.card}>
      {/* The page's name and a plain link: the card reads as finished, and leads somewhere, without the frame. */}
      <div className={styles.head}>
        <SiteText k="contact.social_title" as="p" className={styles.title} />
        <a href={url} target="_blank" rel="noopener noreferrer" className={styles.open}>
          <SiteText k="contact.social_open" />
          <Icon paths={openInNewIcon} />
        </a>
      </div>
      {embed &&
        (shown ? (
          <iframe
            src={embed.src}
            title={t('contact.social_title')}
            // Enough for a social page plugin to run, without top navigation or forms.
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="strict-origin-when-cross-origin"
            className={styles.frame}
          />
        ) : (
          <div className={styles.consent}>
            <span aria-hidden className={styles.icon}>
              <Icon paths={forumIcon} />
            </span>
            {/* In the Settings preview the button stays still: this page's security policy may not allow the new frame yet. */}
            <button type="button" className={cx(ui.button, ui.outlined, ui.large)} onClick={() => setShown(true)} disabled={preview}>
              {label}
            </button>
            <p className={styles.note}>{fill(t('contact.social_note'), values)}</p>
          </div>
        ))}
    </div>
  );
}
