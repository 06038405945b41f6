import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { setStringRequest, type TextEntry } from '../../../shared/api/site-text';
import type { Language } from '../../../shared/domain/language';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { errorMessage } from '../../lib/api';
import { AdminSection, FilterBar } from './admin-section';
import { SearchField } from './search-field';
import { useChangeText, useTexts } from './site-admin-api';
import { matchesSearch } from './text-search';
import { useUrlParams } from './use-url-params';
import { useFormAction } from '../../lib/form-outcome';
import { useLanguage } from '../../lib/language';
import { useWords } from '../../lib/words';
import { armenianMessage } from '../../../shared/domain/messages-hy';
import { textsWords } from './texts-words';
import { useFormats } from './use-formats';

const PARAMS = ['q', 'changed', 'armenian'] as const;
/** Rows drawn at first: a search narrows the 400 or so texts faster than scrolling through them. */
const FIRST_ROWS = 50;

/** Every text of the site: search, change one in place, or put its default back. */
export function TextsPage() {
  const w = useWords(textsWords);
  const texts = useTexts();
  const [params, setParams] = useUrlParams(PARAMS);
  const [message, setMessage] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const changedOnly = params.changed === '1';
  const armenianOnly = params.armenian === '1';
  const shown = useMemo(
    () =>
      (texts.data ?? []).filter(
        (entry) =>
          matchesSearch(entry, params.q) &&
          (!changedOnly || entry.customised || entry.hy?.customised) &&
          (!armenianOnly || needsArmenianWork(entry)),
      ),
    [texts.data, params.q, changedOnly, armenianOnly],
  );
  const missing = (texts.data ?? []).filter((entry) => entry.hy?.missing).length;
  const toReview = (texts.data ?? []).filter((entry) => entry.hy?.to_review).length;

  return (
    <AdminSection
      title={w.title}
      intro={
        <>
          {w.introStart}{' '}
          <Link component={RouterLink} to="/admin/settings" underline="always">
            {w.settings}
          </Link>{' '}
          {w.introEnd}
        </>
      }
    >
      <FilterBar label={w.filterLabel}>
        <SearchField label={w.search} value={params.q} onSearch={(q) => setParams({ q }, { replace: true })} />
        <FormControlLabel
          control={
            <Checkbox checked={changedOnly} onChange={(e) => setParams({ changed: e.target.checked ? '1' : null }, { replace: true })} />
          }
          label={w.changedOnly}
        />
        <FormControlLabel
          control={
            <Checkbox checked={armenianOnly} onChange={(e) => setParams({ armenian: e.target.checked ? '1' : null }, { replace: true })} />
          }
          label={w.armenianOnly}
        />
      </FilterBar>
      {message && (
        <Alert severity="success" role="status" onClose={() => setMessage(null)} closeText={w.close} sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      {texts.isPending ? (
        <LoadingRegion>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={88} sx={{ mb: 1.5 }} />
          ))}
        </LoadingRegion>
      ) : texts.isError ? (
        <LoadError message={w.loadFailed} error={texts.error} onRetry={() => void texts.refetch()} />
      ) : (
        <>
          <Typography role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {w.count(shown.length, texts.data.length)}
            {w.armenianCount(missing, toReview)}
          </Typography>
          <Box component="ul" aria-label={w.texts} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {(showAll ? shown : shown.slice(0, FIRST_ROWS)).map((entry) => (
              <TextRow key={entry.key} entry={entry} onDone={setMessage} />
            ))}
          </Box>
          {!showAll && shown.length > FIRST_ROWS && (
            <Box sx={{ textAlign: 'center', mt: 3 }}>
              <Button variant="outlined" onClick={() => setShowAll(true)}>
                {w.showOthers(shown.length - FIRST_ROWS)}
              </Button>
            </Box>
          )}
        </>
      )}
    </AdminSection>
  );
}

/** A text whose Armenian value is missing, or is the shipped draft nobody has reviewed yet. */
function needsArmenianWork(entry: TextEntry): boolean {
  return entry.hy !== null && (entry.hy.missing || entry.hy.to_review);
}

/** One text: its key and where it shows, then its English and its Armenian value side by side. */
function TextRow({ entry, onDone }: { entry: TextEntry; onDone: (message: string) => void }) {
  const w = useWords(textsWords);
  const keyId = useId();
  return (
    <Paper component="li" variant="outlined" aria-labelledby={keyId} sx={{ p: 2, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.75 }}>
        <Typography
          id={keyId}
          component="h3"
          sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '0.95rem', overflowWrap: 'anywhere' }}
        >
          {entry.key}
        </Typography>
        {entry.setting && <Chip size="small" variant="outlined" label={w.setting} />}
        {entry.hy === null && entry.default_value !== null && <Chip size="small" variant="outlined" label={w.sameInBoth} />}
        <Typography variant="body2" sx={{ color: 'text.secondary', ml: { sm: 'auto' } }}>
          {entry.page ? (
            <Link component={RouterLink} to={entry.page}>
              {w.areas[entry.where] ?? entry.where}
            </Link>
          ) : (
            (w.areas[entry.where] ?? entry.where)
          )}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { md: entry.hy ? '1fr 1fr' : '1fr' }, gap: 2 }}>
        <LanguageValue
          keyId={keyId}
          textKey={entry.key}
          language="en"
          value={{ ...entry, to_review: false, missing: false }}
          removable={entry.default_value === null}
          onDone={onDone}
        />
        {entry.hy && <LanguageValue keyId={keyId} textKey={entry.key} language="hy" value={entry.hy} removable={false} onDone={onDone} />}
      </Box>
    </Paper>
  );
}

type ValueInLanguage = NonNullable<TextEntry['hy']>;

/** A text's value in one language, with its default, and its own Edit and Reset. */
function LanguageValue({
  keyId,
  textKey,
  language,
  value: entry,
  removable,
  onDone,
}: {
  keyId: string;
  textKey: string;
  language: Language;
  value: ValueInLanguage;
  /** A key the site no longer defines (saved by an older release): it can only be removed. */
  removable: boolean;
  onDone: (message: string) => void;
}) {
  const w = useWords(textsWords);
  const { dateTime } = useFormats();
  const pageLanguage = useLanguage();
  const formAction = useFormAction();
  const [editing, setEditing] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const change = useChangeText();
  const lang = language === 'hy' ? 'hy' : undefined;
  const label = w.languages[language];
  const inWords = language === 'en' ? textKey : w.inArmenian(textKey);

  function save(event: FormEvent) {
    event.preventDefault();
    const request = setStringRequest.safeParse({ key: textKey, value: editing ?? '', lang: language });
    if (!request.success) {
      const message = request.error.issues[0]?.message;
      // The schema's message, in Armenian on an Armenian page (decision 190).
      setInvalid((message && pageLanguage === 'hy' && armenianMessage(message)) || message || w.invalid);
      return;
    }
    setInvalid(null);
    // Awaited rather than a mutate callback: the row may leave the list (a filter) before it settles.
    void change
      .mutateAsync({ key: textKey, value: request.data.value, lang: language })
      .then(() => {
        setEditing(null);
        onDone(w.saved(inWords));
      })
      .catch(() => undefined);
  }

  const reset = () =>
    void change
      .mutateAsync({ key: textKey, reset: true, lang: language })
      .then(() => onDone(removable ? w.removed(textKey) : w.backToDefault(inWords)))
      .catch(() => undefined);
  const error = invalid ?? (change.isError ? errorMessage(change.error, w.saveFailed) : null);

  return (
    <Box component="section" aria-label={label}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="overline" component="p" sx={{ lineHeight: 1.5, color: 'text.secondary' }}>
          {label}
        </Typography>
        {entry.customised && <Chip size="small" color="secondary" label={w.changed} />}
        {entry.to_review && (
          <Chip size="small" variant="outlined" label={w.toReview} sx={{ color: 'text.primary', borderColor: 'warning.main' }} />
        )}
        {entry.missing && <Chip size="small" color="error" label={w.missing} />}
      </Box>
      {editing === null ? (
        <>
          <Typography lang={lang} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {entry.value === '' ? (
              <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                {w.empty}
              </Box>
            ) : (
              entry.value
            )}
          </Typography>
          {entry.customised && entry.default_value !== null && (
            <Typography variant="body2" lang={lang} sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
              {w.defaultValue} {entry.default_value === '' ? w.empty : entry.default_value}
            </Typography>
          )}
          {entry.updated_at && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {w.lastSaved(dateTime(entry.updated_at))}
              {entry.updated_by ? w.by(entry.updated_by) : ''}
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {!removable && (
              <Button
                size="small"
                startIcon={<EditOutlinedIcon />}
                onClick={() => setEditing(entry.value)}
                aria-label={w.editIn(label)}
                aria-describedby={keyId}
              >
                {w.edit}
              </Button>
            )}
            {(entry.customised || removable) && (
              <Button
                size="small"
                startIcon={<RestartAltIcon />}
                onClick={reset}
                loading={change.isPending}
                aria-label={removable ? w.remove : w.resetIn(label)}
                aria-describedby={keyId}
              >
                {removable ? w.remove : w.reset}
              </Button>
            )}
          </Box>
        </>
      ) : (
        <Box component="form" method="post" action={formAction} onSubmit={save} noValidate sx={{ mt: 1 }}>
          <TextField
            label={w.newText(label, textKey)}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            multiline
            minRows={2}
            maxRows={12}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { lang } }}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" variant="contained" size="small" loading={change.isPending}>
              {w.save}
            </Button>
            <Button
              size="small"
              onClick={() => {
                setEditing(null);
                setInvalid(null);
                change.reset();
              }}
            >
              {w.cancel}
            </Button>
          </Box>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
