import type { CommitteeMember } from '../../../shared/api/committee';
import { Icon } from '../../components/icon';
import { closeIcon } from '../../components/icons/close';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { useSiteText } from '../../lib/site-text';
import { memberWords } from './member-card';
import styles from './committee.module.css';
import { memberDialogId } from './member-card';
import { MemberPhoto } from './member-photo';

/**
 * One member in full: photo, name, role and the whole description. A popover: the name on the
 * card opens it, Close, Escape or a tap outside closes it, all without a script (decision 082).
 * `hidden` as well: a browser without popovers shows none of them in the page (and main.tsx
 * opens them there).
 */
export function MemberDialog({ member }: { member: CommitteeMember }) {
  const { t, language } = useSiteText();
  const words = memberWords(member, language);
  const id = memberDialogId(member);
  return (
    <div id={id} popover="auto" hidden role="dialog" aria-labelledby={`${id}-name`} className={styles.dialog}>
      <button type="button" popoverTarget={id} popoverTargetAction="hide" aria-label={t('action.close')} className={styles.close}>
        <Icon paths={closeIcon} />
      </button>
      <div className={styles.dialogBody}>
        <div className={styles.dialogPhoto}>
          {/* Loaded when the dialog opens, not with the page. */}
          <MemberPhoto src={member.image} name={member.name} lazy />
        </div>
        <div>
          <h2 id={`${id}-name`}>{member.name}</h2>
          <p className={styles.role} {...words.roleLang}>
            {words.role}
          </p>
          <p className={styles.fullDescription} {...words.descriptionLang}>
            {words.description}
          </p>
        </div>
      </div>
      <div className={styles.dialogActions}>
        <button type="button" popoverTarget={id} popoverTargetAction="hide" className={cx(ui.button, ui.outlined)}>
          {t('action.close')}
        </button>
      </div>
    </div>
  );
}
