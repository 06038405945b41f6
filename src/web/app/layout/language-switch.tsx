import { useLocation } from 'react-router';
import { inLanguage, LANGUAGE_NAMES, LANGUAGE_SWITCH_PARAMETER, LANGUAGE_TAGS, otherLanguage } from '../../../shared/domain/language';
import { useLanguage } from '../../lib/language';
import { useSiteText } from '../../lib/site-text';
import styles from './layout.module.css';

/**
 * The same page in the other language (decision 150): a plain link, so it works before the script
 * and leaves this language's router. Its `lang` parameter asks the server to remember the choice
 * (a cookie) and redirect to the clean address; the link names the language in that language.
 */
export function LanguageSwitch({ className = styles.languageSwitch }: { className?: string }) {
  const language = useLanguage();
  const { t } = useSiteText();
  const { pathname, search, hash } = useLocation();
  const other = otherLanguage(language);
  const query = new URLSearchParams(search);
  query.set(LANGUAGE_SWITCH_PARAMETER, other);
  const href = `${inLanguage(pathname, other)}?${query.toString()}${hash}`;
  return (
    <a href={href} hrefLang={LANGUAGE_TAGS[other]} lang={LANGUAGE_TAGS[other]} title={t('nav.switch_language')} className={className}>
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
