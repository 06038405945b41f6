import { Suspense, useState, type SyntheticEvent } from 'react';
import type { CommitteeMember } from '../../../shared/api/committee';
import { Icon } from '../../components/icon';
import { addIcon } from '../../components/icons/add';
import { expandIcon } from '../../components/icons/expand';
import { lazyWithTheme } from '../../components/lazy-with-theme';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { SectionHeading } from '../../components/section-heading';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { isAdmin, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { useCommittee } from './committee-api';
import styles from './committee.module.css';
import { MemberCard, OPEN_MEMBER_ATTR } from './member-card';
import { MemberDialog } from './member-dialog';

// Editing is for the admin only, so its code (MUI, forms, upload, confirm) loads on first use.
const AdminMemberCard = lazyWithTheme(() => import('./committee-admin').then((m) => m.AdminMemberCard));
const NewMemberCard = lazyWithTheme(() => import('./committee-admin').then((m) => m.NewMemberCard));

/** docs/product.md: under 600px wide only the first 4 members show until Show More is pressed. */
const COLLAPSED_COUNT = 4;

/**
 * Home: the committee, by priority; a member opens in a dialog; the admin edits in place. Show
 * More is decided in CSS and the browser's own disclosure, so the served page is right on a
 * phone, and it opens before the script has arrived (decision 082).
 */
export function CommitteeSection() {
  const { t } = useSiteText();
  const admin = isAdmin(useSession());
  const committee = useCommittee();
  const [adding, setAdding] = useState(false);

  const members = committee.data ?? [];
  const extra = members.slice(COLLAPSED_COUNT);

  const card = (member: CommitteeMember) =>
    admin ? (
      <Suspense fallback={<MemberCard member={member} />}>
        <AdminMemberCard member={member} />
      </Suspense>
    ) : (
      <MemberCard member={member} />
    );

  // Once opened, the summary goes: keyboard focus carries on to the first member it revealed.
  const revealed = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) event.currentTarget.querySelector<HTMLElement>(`[${OPEN_MEMBER_ATTR}]`)?.focus();
  };

  return (
    <section id="committee" aria-labelledby="committee-title" className={cx(ui.section, styles.section)}>
      <div className={ui.container}>
        <div className={styles.head}>
          <div>
            <SectionHeading id="committee-title" k="home.committee.title" />
            <SiteText k="home.committee.intro" as="p" className={ui.lead} />
          </div>
          {admin && (
            <button
              type="button"
              className={cx(ui.button, ui.primary)}
              onClick={() => setAdding(true)}
              disabled={adding || committee.isPending}
            >
              <Icon paths={addIcon} />
              {t('committee.add')}
            </button>
          )}
        </div>

        {committee.isPending ? (
          <LoadingRegion className={styles.grid}>
            {Array.from({ length: 3 }, (_, i) => (
              <div key={i} className={ui.skeleton} style={{ aspectRatio: '3 / 4' }} />
            ))}
          </LoadingRegion>
        ) : committee.isError ? (
          <LoadError message={t('committee.load_failed')} error={committee.error} onRetry={() => void committee.refetch()} />
        ) : (
          <>
            {members.length === 0 && !adding && <SiteText k="committee.none" as="p" className={ui.muted} />}
            <ul className={styles.grid}>
              {adding && (
                <li>
                  <Suspense fallback={<div className={ui.skeleton} style={{ aspectRatio: '3 / 4' }} />}>
                    <NewMemberCard onDone={() => setAdding(false)} />
                  </Suspense>
                </li>
              )}
              {members.map((member, index) => (
                <li key={member._id} className={index >= COLLAPSED_COUNT ? styles.extra : undefined}>
                  {card(member)}
                </li>
              ))}
            </ul>
            {extra.length > 0 && (
              // On a phone the members after the fourth come here instead, behind Show More.
              <details className={styles.more} onToggle={revealed}>
                <summary className={cx(ui.button, ui.outlined, ui.large)}>
                  <SiteText k="committee.show_more" />
                  <Icon paths={expandIcon} />
                </summary>
                <ul className={styles.grid}>
                  {extra.map((member) => (
                    <li key={member._id}>{card(member)}</li>
                  ))}
                </ul>
              </details>
            )}
            {members.map((member) => (
              <MemberDialog key={member._id} member={member} />
            ))}
          </>
        )}
      </div>
    </section>
  );
}
