import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import type { AudienceInput, NewsletterView } from '../../../../shared/api/newsletters';
import type { RawDocument } from '../../../../shared/domain/richtext/document';
import { validateDocumentJson } from '../../../../shared/domain/richtext/validate';
import { LoadingRegion } from '../../../components/loading-region';
import { errorMessage } from '../../../lib/api';
import { hasEditingRights, useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useArticle } from '../articles-api';
import { ContentEditor } from '../editor/content-editor';
import { AudienceFields } from './audience-fields';
import { AudiencePreviewBox } from './audience-preview';
import { useNewsletter, useNewsletterLists, useSaveNewsletter } from './newsletter-api';
import { SendPanel } from './send-panel';
import { useFormAction } from '../../../lib/form-outcome';
import { useWords } from '../../../lib/words';
import { newsletterWords } from './newsletter-words';

const EMPTY: RawDocument = { blocks: [], entityMap: {} };

/**
 * Writing a newsletter (decision 120), on /admin/newsletters/new and /admin/newsletters/{id}, for
 * editors and the admin: subject, list, audience with its count, the content in the article
 * editor; then the test, sending now or later, and the progress. "?article=ID" starts from an
 * article ("publish and send").
 */
export function NewsletterWriterPage() {
  const { id } = useParams();
  const editor = hasEditingRights(useSession());
  const newsletter = useNewsletter(id ?? null);
  const w = useWords(newsletterWords);
  usePageTitle(id ? (newsletter.data?.subject ?? w.pageTitle) : w.writeTitle);
  if (!editor)
    return (
      <Container sx={{ py: 4 }}>
        <Alert severity="info">{w.needsRights}</Alert>
      </Container>
    );
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to="/admin/newsletters" sx={{ display: 'inline-block', mb: 2 }}>
        {w.allNewsletters}
      </Link>
      {!id ? (
        <NewsletterForm key="new" existing={null} />
      ) : newsletter.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={400} />
        </LoadingRegion>
      ) : newsletter.isError ? (
        <Alert severity="error">{errorMessage(newsletter.error, w.loadFailed)}</Alert>
      ) : (
        <NewsletterForm key={newsletter.data._id} existing={newsletter.data} />
      )}
    </Container>
  );
}

function NewsletterForm({ existing }: { existing: NewsletterView | null }) {
  const formAction = useFormAction();
  const w = useWords(newsletterWords);
  const navigate = useNavigate();
  const labelId = useId();
  const [search] = useSearchParams();
  const articleId = existing ? null : search.get('article');
  const lists = useNewsletterLists();
  const article = useArticle(articleId);
  const editable = !existing || existing.status === 'draft' || existing.status === 'scheduled';
  const [subject, setSubject] = useState(existing?.subject ?? '');
  const [list, setList] = useState(existing?.list._id ?? '');
  const [audience, setAudience] = useState<AudienceInput>(existing?.audience ?? { kind: 'all_members' });
  const [content, setContent] = useState<RawDocument | null>(existing ? parsed(existing.content) : null);
  const save = useSaveNewsletter();
  const chosenList = list || lists.data?.[0]?._id || '';

  if (articleId && article.isPending)
    return (
      <LoadingRegion>
        <Skeleton variant="rounded" height={400} />
      </LoadingRegion>
    );
  const initial = existing ? parsed(existing.content) : article.data ? parsed(article.data.content) : null;
  const shownSubject = subject || (!existing && article.data ? article.data.title : subject);

  function submit(event: FormEvent) {
    event.preventDefault();
    const document = content ?? initial ?? EMPTY;
    save.mutate(
      { id: existing?._id ?? null, subject: shownSubject, content: JSON.stringify(document), list: chosenList, audience },
      { onSuccess: (savedId) => void navigate(`/admin/newsletters/${encodeURIComponent(savedId)}`) },
    );
  }

  return (
    <>
      <Typography variant="h1" sx={{ color: 'primary.dark', fontSize: 'clamp(1.8rem, 3.5vw, 2.5rem)', mb: 3 }}>
        {existing ? existing.subject : w.writeTitle}
      </Typography>
      {existing && <SendPanel newsletter={existing} />}
      <Box component="form" method="post" action={formAction} onSubmit={submit} noValidate aria-label={w.formLabel}>
        <Box
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}
        >
          <Stack spacing={2.5}>
            <TextField
              label={w.subject}
              value={shownSubject}
              onChange={(e) => setSubject(e.target.value)}
              required
              fullWidth
              disabled={!editable}
              slotProps={{ htmlInput: { maxLength: 150 } }}
            />
            <Box>
              <Typography id={labelId} component="label" variant="subtitle2" sx={{ display: 'block', mb: 1 }}>
                {w.content}
              </Typography>
              {editable ? (
                <ContentEditor initial={initial} onChange={setContent} labelId={labelId} />
              ) : (
                <Alert severity="info">{w.locked}</Alert>
              )}
            </Box>
          </Stack>
          <Stack spacing={2.5}>
            <TextField
              select
              label={w.list}
              value={chosenList}
              onChange={(e) => setList(e.target.value)}
              disabled={!editable}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              helperText={editable ? w.listHelp : undefined}
            >
              {(lists.data ?? []).map((l) => (
                <option key={l._id} value={l._id}>
                  {l.name}
                </option>
              ))}
            </TextField>
            <AudienceFields value={audience} onChange={setAudience} disabled={!editable} />
            {chosenList && <AudiencePreviewBox list={chosenList} audience={audience} />}
          </Stack>
        </Box>
        {save.isError && (
          <Alert severity="error" sx={{ mt: 3 }}>
            {errorMessage(save.error, w.saveFailed)}
          </Alert>
        )}
        {editable && (
          <Button type="submit" variant="contained" loading={save.isPending} sx={{ mt: 3 }}>
            {existing ? w.saveChanges : w.saveDraft}
          </Button>
        )}
      </Box>
    </>
  );
}

function parsed(content: string): RawDocument | null {
  const result = validateDocumentJson(content);
  return result.ok ? result.document : null;
}
