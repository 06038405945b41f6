import type { SiteTextKey } from '../../shared/domain/site-text';
import { cx } from '../lib/class-names';
import { SiteText } from './site-text';
import ui from './ui.module.css';

/** A home section's heading: the accent bar and an h2 whose id labels the section. */
export function SectionHeading({ id, k, className }: { id: string; k: SiteTextKey; className?: string }) {
  return (
    <h2 id={id} className={cx(ui.sectionTitle, className)}>
      <SiteText k={k} />
    </h2>
  );
}
