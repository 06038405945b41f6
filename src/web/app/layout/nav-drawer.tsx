import { useRef, type TouchEvent } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../components/icon';
import { adminIcon } from '../../components/icons/admin';
import { closeIcon } from '../../components/icons/close';
import { editTextsIcon } from '../../components/icons/edit-texts';
import { menuIcon } from '../../components/icons/menu';
import { personIcon } from '../../components/icons/person';
import { signInIcon } from '../../components/icons/sign-in';
import { signOutIcon } from '../../components/icons/sign-out';
import { SiteText } from '../../components/site-text';
import { useSiteTextEditor } from '../../components/site-text-editor';
import { isAdmin, useSession } from '../../lib/session';
import { hidePopover, showPopover } from '../../lib/popover';
import { signOut } from '../../lib/sign-out';
import { useSiteText } from '../../lib/site-text';
import styles from './layout.module.css';
import { LanguageSwitch } from './language-switch';
import { NAV_DRAWER_ID, navItems } from './nav-items';

/** How far a finger travels across before it counts as a swipe (not a tap). */
const SWIPE_DISTANCE = 10;

/**
 * Below the breakpoint the nav lives in a right-hand drawer. The drawer is a popover: the menu
 * button opens it, the close button, a tap outside or Escape close it, all without a script, so
 * the menu works from the first paint (decision 082). Once the script runs, a swipe from the
 * right-hand edge opens it, a swipe back closes it, and following a link closes it.
 */
export function NavDrawer() {
  const { t } = useSiteText();
  const session = useSession();
  const textEditor = useSiteTextEditor();
  const drawer = useRef<HTMLDivElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const close = () => hidePopover(drawer.current);
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  /** Whether the finger has moved far enough across, towards the left (into the page) or the right. */
  const swiped = (event: TouchEvent, towards: 'left' | 'right') => {
    const start = touchStart.current;
    const touch = event.touches[0];
    if (!start || !touch) return false;
    const across = towards === 'left' ? start.x - touch.clientX : touch.clientX - start.x;
    if (across <= SWIPE_DISTANCE || across <= Math.abs(touch.clientY - start.y)) return false;
    touchStart.current = null;
    return true;
  };

  return (
    <>
      <button type="button" popoverTarget={NAV_DRAWER_ID} aria-label={t('nav.open_menu')} className={styles.iconButton}>
        <Icon paths={menuIcon} />
      </button>
      <div
        ref={drawer}
        id={NAV_DRAWER_ID}
        popover="auto"
        hidden
        role="dialog"
        aria-label={t('nav.menu')}
        className={styles.drawer}
        onTouchStart={onTouchStart}
        onTouchMove={(event) => {
          if (swiped(event, 'right')) close();
        }}
      >
        <div className={styles.drawerHead}>
          <p className={styles.drawerTitle}>{t('nav.menu')}</p>
          <button
            type="button"
            popoverTarget={NAV_DRAWER_ID}
            popoverTargetAction="hide"
            aria-label={t('nav.close_menu')}
            className={styles.iconButton}
          >
            <Icon paths={closeIcon} />
          </button>
        </div>
        <nav aria-label={t('nav.label')}>
          <ul className={styles.drawerList}>
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} onClick={close} className={styles.drawerLink}>
                  <SiteText k={item.label} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ul className={styles.drawerList}>
          <li>
            <LanguageSwitch className={styles.drawerLink} />
          </li>
          {session ? (
            <>
              <li>
                <NavLink to="/profile" onClick={close} className={styles.drawerIconLink}>
                  <Icon paths={personIcon} />
                  <SiteText k="nav.account" />
                </NavLink>
              </li>
              {isAdmin(session) && (
                <li>
                  <NavLink to="/admin" onClick={close} className={styles.drawerIconLink}>
                    <Icon paths={adminIcon} />
                    <SiteText k="nav.admin" />
                  </NavLink>
                </li>
              )}
              {isAdmin(session) && textEditor && (
                <li>
                  <button
                    type="button"
                    className={styles.drawerIconLink}
                    onClick={() => {
                      close();
                      textEditor.setEditMode(true);
                    }}
                  >
                    <Icon paths={editTextsIcon} />
                    {t('site_text.edit_mode')}
                  </button>
                </li>
              )}
              <li>
                <button type="button" className={styles.drawerIconLink} onClick={() => void signOut()}>
                  <Icon paths={signOutIcon} />
                  <SiteText k="nav.sign_out" />
                </button>
              </li>
            </>
          ) : (
            <li>
              <NavLink to="/signIn" onClick={close} className={styles.drawerIconLink}>
                <Icon paths={signInIcon} />
                <SiteText k="nav.sign_in" />
              </NavLink>
            </li>
          )}
        </ul>
      </div>
      <div
        aria-hidden
        className={styles.swipeArea}
        onTouchStart={onTouchStart}
        onTouchMove={(event) => {
          if (swiped(event, 'left')) showPopover(drawer.current);
        }}
      />
    </>
  );
}
