import type { ElementType } from 'react';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { cx } from '../lib/class-names';
import { isAdmin, useSession } from '../lib/session';
import { useSiteText } from '../lib/site-text';
import styles from './site-text.module.css';

export interface SiteTextProps {
  /** The site-text key whose current value is shown. */
  k: SiteTextKey;
  /** The element to render (default span). */
  as?: ElementType;
  lang?: string;
  className?: string;
}

/**
 * Shows a site text in an element that names its key, so the admin's right-click (and the edit
 * mode) know exactly which text it is, even where other keys have the same words.
 */
export function SiteText({ k, as: As = 'span', lang, className }: SiteTextProps) {
  const { peek } = useSiteText();
  const editable = isAdmin(useSession());
  return (
    <As lang={lang} data-site-text={k} className={cx(styles.text, editable && styles.editable, className)}>
      {peek(k)}
    </As>
  );
}
