import { errorMessage } from '../lib/api';
import { cx } from '../lib/class-names';
import { useSiteText } from '../lib/site-text';
import { Icon } from './icon';
import { refreshIcon } from './icons/refresh';
import ui from './ui.module.css';

/** A list that could not load: what failed, the server's reason when it gave one, and a retry. */
export function LoadError({ message, error, onRetry }: { message: string; error: unknown; onRetry: () => void }) {
  const { t } = useSiteText();
  const reason = errorMessage(error, '');
  return (
    <div role="alert" className={cx(ui.notice, ui.error)}>
      <p style={{ flexGrow: 1 }}>
        {message}
        {reason && ` ${reason}`}
      </p>
      <button type="button" className={cx(ui.button, ui.outlined, ui.small)} onClick={onRetry}>
        <Icon paths={refreshIcon} />
        {t('action.retry')}
      </button>
    </div>
  );
}
