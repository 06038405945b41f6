import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { articleFields } from '../../../../shared/api/articles';
import { makeBrief } from '../../../../shared/domain/brief';
import { plainText, type RawDocument } from '../../../../shared/domain/richtext/document';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LanguageTabs } from '../../../components/language-tabs';
import { PictureField } from '../../../components/picture-field';
import { errorMessage } from '../../../lib/api';
import { useSiteText } from '../../../lib/site-text';
import { useCategories } from '../articles-api';
import { useDeleteArticle, useSaveArticle } from '../articles-edit-api';
import { CategoriesInput } from './categories-input';
import { ContentEditor } from './content-editor';
import { useFormAction } from '../../../lib/form-outcome';
import { messageIn } from '../../../../shared/domain/messages-hy';

export type ArticleDraft = {
  title: string;
  dated: string;
  categories: string[];
  content: RawDocument | null;
  is_page: boolean;
  image: string;
  image_alt: string;
  /** The Armenian version (decision 180); null: none yet. */
  hy: { title: string; categories: string[]; content: RawDocument | null } | null;
};

const EMPTY: RawDocument = { blocks: [], entityMap: {} };

/**
 * The editor's form: title, date, categories, content and the brief made from it; the title,
 * categories and content in English and, on the Armenian tab, in Armenian (decision 180).
 */
export function ArticleForm({ id, initial }: { id: string | null; initial: ArticleDraft }) {
  const formAction = useFormAction();
  const { t, language } = useSiteText();
  const navigate = useNavigate();
  const contentLabel = useId();
  const [title, setTitle] = useState(initial.title);
  const [dated, setDated] = useState(initial.dated);
  const [categories, setCategories] = useState(initial.categories);
  const [content, setContent] = useState<RawDocument>(initial.content ?? EMPTY);
  const [isPage, setIsPage] = useState(initial.is_page);
  const [image, setImage] = useState(initial.image);
  const [imageAlt, setImageAlt] = useState(initial.image_alt);
  const [hyTitle, setHyTitle] = useState(initial.hy?.title ?? '');
  const [hyCategories, setHyCategories] = useState(initial.hy?.categories ?? []);
  const [hyContent, setHyContent] = useState<RawDocument>(initial.hy?.content ?? EMPTY);
  const [tab, setTab] = useState<'en' | 'hy'>('en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<'cancel' | 'delete' | null>(null);
  const known = useCategories('en').data ?? [];
  const knownHy = useCategories('hy').data ?? [];
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  // docs/product.md: editing the content recomputes the brief.
  const brief = useMemo(() => makeBrief(plainText(content)), [content]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // "Publish and send" saves the article, then opens a newsletter made from it (decision 120).
    const andSend = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'send';
    // The same schema as the server's, so what it would refuse is caught here first.
    // Any Armenian field filled in makes an Armenian version, which then needs its title; none: no Armenian version.
    const hasHy = hyTitle.trim() !== '' || plainText(hyContent).trim() !== '' || hyCategories.length > 0;
    const parsed = articleFields.safeParse({
      title,
      dated,
      categories,
      content: JSON.stringify(content),
      is_page: isPage,
      image,
      image_alt: imageAlt,
      hy: hasHy ? { title: hyTitle, content: JSON.stringify(hyContent), categories: hyCategories } : null,
    });
    if (!parsed.success) {
      const found = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), messageIn(issue.message, language)]));
      setErrors(found);
      // Show the tab with the first mistake.
      if (!['title', 'categories', 'content'].some((key) => key in found) && Object.keys(found).some((key) => key.startsWith('hy.')))
        setTab('hy');
      else if (['title', 'categories', 'content'].some((key) => key in found)) setTab('en');
      return;
    }
    setErrors({});
    save.mutate(
      { id, fields: parsed.data },
      {
        onSuccess: (savedId) =>
          void navigate(
            andSend ? `/admin/newsletters/new?article=${encodeURIComponent(savedId)}` : `/article/${encodeURIComponent(savedId)}`,
          ),
      },
    );
  }

  const leave = () => void navigate(id ? `/article/${encodeURIComponent(id)}` : '/news');

  return (
    <Box component="form" method="post" action={formAction} onSubmit={submit} noValidate>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
        <Stack spacing={2.5}>
          <LanguageTabs
            value={tab}
            onChange={setTab}
            english={
              <>
                <TextField
                  label={t('editor.title')}
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  error={Boolean(errors.title)}
                  helperText={errors.title}
                  required
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <CategoriesInput value={categories} onChange={setCategories} known={known} error={errors.categories} />
                <Box>
                  <Typography id={contentLabel} component="label" variant="subtitle2" sx={{ display: 'block', mb: 1 }}>
                    {t('editor.content')}
                  </Typography>
                  <ContentEditor initial={initial.content} onChange={setContent} labelId={contentLabel} />
                  {errors.content && (
                    <Alert severity="error" sx={{ mt: 1 }}>
                      {errors.content}
                    </Alert>
                  )}
                </Box>
              </>
            }
            armenian={
              <>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('content.hy_optional')}
                </Typography>
                <TextField
                  label={`${t('content.language.hy')}: ${t('editor.title')}`}
                  value={hyTitle}
                  onChange={(e) => setHyTitle(e.target.value)}
                  error={Boolean(errors['hy.title'])}
                  helperText={errors['hy.title'] && (hyTitle.trim() ? errors['hy.title'] : t('content.hy_needs_title'))}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
                <CategoriesInput
                  value={hyCategories}
                  onChange={setHyCategories}
                  known={knownHy}
                  error={errors['hy.categories']}
                  label={`${t('content.language.hy')}: ${t('editor.categories')}`}
                  help={t('content.hy_categories_help')}
                />
                <Box>
                  <Typography id={`${contentLabel}-hy`} component="label" variant="subtitle2" sx={{ display: 'block', mb: 1 }}>
                    {`${t('content.language.hy')}: ${t('editor.content')}`}
                  </Typography>
                  <ContentEditor initial={initial.hy?.content ?? null} onChange={setHyContent} labelId={`${contentLabel}-hy`} />
                  {errors['hy.content'] && (
                    <Alert severity="error" sx={{ mt: 1 }}>
                      {errors['hy.content']}
                    </Alert>
                  )}
                </Box>
              </>
            }
          />
          <Box>
            <FormControlLabel
              control={
                <Checkbox checked={isPage} onChange={(e) => setIsPage(e.target.checked)} aria-describedby={`${contentLabel}-page-help`} />
              }
              label={t('editor.is_page')}
            />
            <FormHelperText id={`${contentLabel}-page-help`} sx={{ mt: -0.5, ml: 4 }}>
              {t('editor.is_page_help')}
            </FormHelperText>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label={t('editor.date')}
              value={dated}
              onChange={(e) => setDated(e.target.value)}
              error={Boolean(errors.dated)}
              helperText={errors.dated}
              required
              sx={{ minWidth: 200 }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </Stack>

        <Stack spacing={3} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <Paper variant="outlined" component="section" aria-labelledby={`${contentLabel}-image`} sx={{ p: 2.5 }}>
            <Typography id={`${contentLabel}-image`} variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
              {t('editor.image')}
            </Typography>
            <Stack spacing={2}>
              <PictureField
                label={t('editor.image_file')}
                help={errors.image ?? t('editor.image_help')}
                error={errors.image}
                value={image}
                onChange={setImage}
                uploadLabel={t('editor.image_upload')}
                clearLabel={t('editor.image_remove')}
              />
              {image && (
                <TextField
                  label={t('editor.image_alt')}
                  value={imageAlt}
                  onChange={(e) => setImageAlt(e.target.value)}
                  error={Boolean(errors.image_alt)}
                  helperText={errors.image_alt ?? t('editor.image_alt_help')}
                  fullWidth
                  multiline
                  slotProps={{ htmlInput: { maxLength: 300 } }}
                />
              )}
            </Stack>
          </Paper>
          <Paper variant="outlined" component="aside" aria-labelledby={`${contentLabel}-brief`} sx={{ p: 2.5 }}>
            <Typography id={`${contentLabel}-brief`} variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
              {t('editor.brief')}
            </Typography>
            <Typography
              data-testid="article-brief"
              sx={{ color: brief ? 'text.primary' : 'text.secondary', mb: 1.5, overflowWrap: 'anywhere' }}
            >
              {brief || t('editor.brief_empty')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('editor.brief_help')}
            </Typography>
          </Paper>
        </Stack>
      </Box>

      {save.isError && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {errorMessage(save.error, t('editor.save_failed'))}
        </Alert>
      )}
      {Object.keys(errors).length > 0 && (
        <Alert severity="error" sx={{ mt: 3 }}>
          {t('editor.fix_errors')}
        </Alert>
      )}

      <Stack direction="row" sx={{ gap: 1.5, mt: 3, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('action.save')}
        </Button>
        {!isPage && (
          <Button type="submit" name="then" value="send" variant="outlined" disabled={save.isPending}>
            {t('editor.publish_and_send')}
          </Button>
        )}
        <Button onClick={() => setConfirm('cancel')}>{t('action.cancel')}</Button>
        {id && (
          <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirm('delete')} sx={{ ml: { sm: 'auto' } }}>
            {t('action.delete')}
          </Button>
        )}
      </Stack>

      <ConfirmDialog
        open={confirm === 'cancel'}
        question={t('article.cancel_confirm')}
        confirmLabel={t('article.discard')}
        onConfirm={leave}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        question={t('article.delete_confirm')}
        details={title}
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('error.generic')) : null}
        onConfirm={() => id && remove.mutate(id, { onSuccess: () => void navigate('/news', { replace: true }) })}
        onClose={() => {
          setConfirm(null);
          remove.reset();
        }}
      />
    </Box>
  );
}
