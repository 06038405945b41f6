import { useMemo } from 'react';
import { validateDocumentJson } from '../../../shared/domain/richtext/validate';
import ui from '../../components/ui.module.css';
import { useSiteText } from '../../lib/site-text';
import { RichTextView } from './rich-text/rich-text-view';

/** The stored content, checked again before it is shown: the page never trusts what it reads. */
export function ArticleContent({ content }: { content: string }) {
  const { t } = useSiteText();
  const result = useMemo(() => (content ? validateDocumentJson(content) : null), [content]);
  if (!result) return null;
  if (!result.ok) return <p className={ui.notice}>{t('article.bad_content')}</p>;
  return <RichTextView document={result.document} />;
}
