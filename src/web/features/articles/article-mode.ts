export type ArticleMode = 'create' | 'edit' | 'view';

/** docs/product.md section 4: a path containing "new" creates, "edit" edits, anything else views. */
export function articleMode(pathname: string): ArticleMode {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.includes('new')) return 'create';
  if (parts.includes('edit')) return 'edit';
  return 'view';
}
