import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { validateDocumentJson } from '../../../shared/domain/richtext/validate';
import { useSiteText } from '../../lib/site-text';
import { RichTextView } from './rich-text/rich-text-view';

/** The stored content, checked again before it is shown: the page never trusts what it reads. */
export function ArticleContent({ content }: { content: string }) {
  const { t } = useSiteText();
  const result = useMemo(() => (content ? validateDocumentJson(content) : null), [content]);
  if (!result) return null;
  if (!result.ok) return <Alert severity="warning">{t('article.bad_content')}</Alert>;
  return <RichTextView document={result.document} />;
}
