import { useId, type ReactNode } from 'react';
import type { CommitteeMember } from '../../../shared/api/committee';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { truncate } from '../../lib/format';
import styles from './committee.module.css';
import { MemberPhoto } from './member-photo';
import { useLanguage } from '../../lib/language';
import { LANGUAGE_TAGS, type Language } from '../../../shared/domain/language';

/** docs/product.md: names are cut at 30 characters, other text at 200; the dialog shows all of it. */
export const NAME_MAX = 30;
export const TEXT_MAX = 200;

/**
 * A member's role and description in the page's language: the Armenian ones where written, else
 * the English, marked as English so that screen readers read them so (decision 180).
 */
export function memberWords(member: CommitteeMember, language: Language) {
  const english = language === 'en' ? {} : { lang: LANGUAGE_TAGS.en };
  if (language !== 'hy' || !member.hy)
    return { role: member.role, roleLang: english, description: member.description, descriptionLang: english };
  const description = member.hy.description || member.description;
  return { role: member.hy.role, roleLang: {}, description, descriptionLang: member.hy.description ? {} : english };
}

/** The id of a member's dialog, which the name on their card opens. */
export const memberDialogId = (member: Pick<CommitteeMember, '_id'>) => `member-${member._id}`;

/** Marks the button that opens a member, so the grid can move focus to one. */
export const OPEN_MEMBER_ATTR = 'data-open-member';

/**
 * A committee member: photo, name, role and description. The name is a button that opens the
 * member's dialog (a popover: it works before the script), and its hit area covers the card.
 */
export function MemberCard({
  member,
  actions,
}: {
  member: CommitteeMember;
  /** Admin buttons, kept above the card's hit area. */
  actions?: ReactNode;
}) {
  const nameId = useId();
  const words = memberWords(member, useLanguage());
  const shortName = truncate(member.name, NAME_MAX);
  const cut = shortName !== member.name;

  return (
    <article aria-labelledby={nameId} className={cx(ui.card, styles.card)}>
      <MemberPhoto src={member.image} name={member.name} lazy />
      <div className={styles.body}>
        <h3 id={nameId}>
          <button
            type="button"
            popoverTarget={memberDialogId(member)}
            {...{ [OPEN_MEMBER_ATTR]: '' }}
            aria-label={cut ? member.name : undefined}
            title={cut ? member.name : undefined}
            className={styles.open}
          >
            {shortName}
          </button>
        </h3>
        <p className={styles.role} {...words.roleLang}>
          {truncate(words.role, TEXT_MAX)}
        </p>
        {words.description && (
          <p className={styles.description} {...words.descriptionLang}>
            {truncate(words.description, TEXT_MAX)}
          </p>
        )}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </article>
  );
}
