import { LANGUAGE_TAGS, type Language } from '../../shared/domain/language';
import { useLanguage } from '../lib/language';
import { useSiteText } from '../lib/site-text';
import ui from './ui.module.css';

/**
 * Whether content shown on this page is in another language than the page: an article or event
 * without an Armenian version, on an Armenian page, is shown in English (decision 180).
 */
export function useShownInEnglish(contentLanguage: Language | undefined): boolean {
  return useLanguage() !== 'en' && contentLanguage === 'en';
}

/** The words of content in another language than the page, marked so that screen readers read them in it. */
export function contentLang(contentLanguage: Language, pageLanguage: Language): { lang?: string } {
  return contentLanguage === pageLanguage ? {} : { lang: LANGUAGE_TAGS[contentLanguage] };
}

/**
 * The note on an Armenian page whose content has no Armenian version yet: it says so, in the
 * page's language, and links to the English address (a plain link: it leaves the Armenian pages).
 */
export function UntranslatedNote({ englishPath }: { englishPath: string }) {
  const { t } = useSiteText();
  return (
    <p className={ui.notice} data-testid="untranslated-note">
      <span>
        {t('content.not_translated')}{' '}
        <a href={englishPath} hrefLang={LANGUAGE_TAGS.en} className={ui.textLink}>
          {t('content.read_in_english')}
        </a>
      </span>
    </p>
  );
}
