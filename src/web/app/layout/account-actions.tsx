import { Suspense } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { accountIcon } from '../../components/icons/account';
import { adminIcon } from '../../components/icons/admin';
import { signInIcon } from '../../components/icons/sign-in';
import { signOutIcon } from '../../components/icons/sign-out';
import { lazyWithTheme } from '../../components/lazy-with-theme';
import { SiteText } from '../../components/site-text';
import ui from '../../components/ui.module.css';
import { cx } from '../../lib/class-names';
import { hasEditingRights, isAdmin, useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { useSiteText } from '../../lib/site-text';
import styles from './layout.module.css';

// Only an admin sees it: its tooltip (and MUI) is not part of a visitor's page.
const EditTextsButton = lazyWithTheme(() => import('./edit-texts-button').then((m) => m.EditTextsButton));

/** Sign in, or the account button and Sign out; docs/product.md: the secondary colour marks editing rights. */
export function AccountActions() {
  const session = useSession();
  if (!session) {
    return (
      <Link to="/signIn" className={cx(ui.button, ui.outlined)}>
        <Icon paths={signInIcon} />
        <SiteText k="nav.sign_in" />
      </Link>
    );
  }
  return (
    <>
      <Link to="/profile" className={cx(ui.button, hasEditingRights(session) ? styles.editor : ui.primary)}>
        <Icon paths={accountIcon} />
        <SiteText k="nav.account" />
      </Link>
      {isAdmin(session) && (
        <>
          <Link to="/admin" className={cx(ui.button, ui.outlined)}>
            <Icon paths={adminIcon} />
            <SiteText k="nav.admin" />
          </Link>
          <Suspense fallback={null}>
            <EditTextsButton />
          </Suspense>
        </>
      )}
      <button type="button" onClick={() => void signOut()} className={cx(ui.button, ui.outlined)}>
        <Icon paths={signOutIcon} />
        <SiteText k="nav.sign_out" />
      </button>
    </>
  );
}

/** The separate account icon kept in the header when the nav is in the drawer. */
export function AccountIconLink() {
  const session = useSession();
  const { t } = useSiteText();
  return (
    <Link
      to={session ? '/profile' : '/signIn'}
      aria-label={session ? t('nav.account') : t('nav.sign_in')}
      className={cx(styles.iconButton, hasEditingRights(session) && styles.editor)}
    >
      <Icon paths={accountIcon} />
    </Link>
  );
}
