import { Outlet } from 'react-router';
import ui from '../components/ui.module.css';
import { cx } from '../lib/class-names';
import { useFormOutcome } from '../lib/form-outcome';
import { useSiteText } from '../lib/site-text';
import styles from './form-notice.module.css';

/**
 * Above every page: the word about a form the server did not act on, posted before the page's
 * script took it over (decision 085). Plain HTML and the public pages' own classes, not MUI
 * (decision 081): it is on the first load of every page, and shown only after such a post.
 */
export function FormNoticeLayout() {
  const outcome = useFormOutcome('other');
  const { t } = useSiteText();
  const message = outcome?.message;
  return (
    <>
      {message && (
        <div className={cx(ui.container, styles.above)}>
          <p role="alert" className={cx(ui.notice, ui.error)}>
            {message.key ? t(message.key) : message.text}
          </p>
        </div>
      )}
      <Outlet />
    </>
  );
}
