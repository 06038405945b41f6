import { Outlet } from 'react-router';
import { useFormOutcome } from '../lib/form-outcome';
import { useSiteText } from '../lib/site-text';

/**
 * Above every page: the word about a form the server did not act on, posted before the page's
 * script took it over (decision 085). Plain HTML with its own few styles, not MUI: it is on the
 * first load of every page, and shown only after such a post.
 */
export function FormNoticeLayout() {
  const outcome = useFormOutcome('other');
  const { t } = useSiteText();
  const message = outcome?.message;
  return (
    <>
      {message && (
        <p
          role="alert"
          style={{
            maxWidth: 1152,
            margin: '16px auto 0',
            padding: '12px 16px',
            borderRadius: 4,
            border: '1px solid #d32f2f',
            background: '#fdeded',
            color: '#5f2120',
          }}
        >
          {message.key ? t(message.key) : message.text}
        </p>
      )}
      <Outlet />
    </>
  );
}
