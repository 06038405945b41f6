import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { IMPORT_LIMITS, INVITATION_DAYS, type ImportResponse, type ImportSummary, type MemberMapping } from '../../../shared/api/imports';
import { groupThousands } from '../../../shared/domain/hy';
import { dateFormatLabels, dateFormats, memberFields, type DateFormat, type MemberField } from '../../../shared/domain/member-file';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { visuallyHidden } from '../../components/loading-region';
import { Panel } from '../../components/panel';
import { errorMessage } from '../../lib/api';
import { useWords } from '../../lib/words';
import { AdminSection } from './admin-section';
import {
  downloadOutcomes,
  useCommitImport,
  useDryRun,
  useImport,
  useImportPeople,
  useImports,
  useInvite,
  useUndoImport,
} from './import-api';
import { useFormAction } from '../../lib/form-outcome';
import { importWords } from './import-words';
import { useFormats } from './use-formats';

const ROWS_SHOWN = 200;
type Words = (typeof importWords)['en'];

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="h3" sx={{ fontSize: '1.2rem', mb: 2, color: 'primary.dark' }}>
      {children}
    </Typography>
  );
}

function summaryText(summary: ImportSummary, done: boolean, w: Words): string {
  return (done ? w.summaryDone : w.summaryToDo)(summary.create, summary.update, summary.skip, summary.error);
}

/**
 * The import of an association's existing members (decision 110): upload, check (a dry run that
 * writes nothing), correct the mapping, import once, invite, and undo while nobody has signed in.
 */
export function ImportPage() {
  const w = useWords(importWords);
  const { dateTime, language } = useFormats();
  const count = (n: number) => (language === 'hy' ? groupThousands(n) : n.toLocaleString('en-GB'));
  const formAction = useFormAction();
  const [current, setCurrent] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [payments, setPayments] = useState<File | null>(null);
  const [dateFormat, setDateFormat] = useState<DateFormat>('dmy');
  const dryRun = useDryRun();
  const shown = useImport(current);
  const imports = useImports();

  function check(event: FormEvent, mapping?: MemberMapping) {
    event.preventDefault();
    if (!file) return;
    dryRun.mutate({ file, payments, mapping, dateFormat }, { onSuccess: (answer) => setCurrent(answer.id) });
  }

  return (
    <AdminSection title={w.title} intro={w.intro}>
      <Stack spacing={3}>
        <Panel labelledBy="import-upload">
          <SectionTitle id="import-upload">{w.filesTitle}</SectionTitle>
          <Box component="form" method="post" action={formAction} onSubmit={(e) => check(e)} noValidate>
            <Stack spacing={2.5}>
              <Typography sx={{ color: 'text.secondary' }}>
                {w.filesIntro(IMPORT_LIMITS.maxBytes / 1024 / 1024, count(IMPORT_LIMITS.maxRows), count(IMPORT_LIMITS.maxCellChars))}
              </Typography>
              <FileField id="import-file" label={w.membersFile} onChange={setFile} />
              <FileField id="import-payments" label={w.paymentsFile} onChange={setPayments} />
              <FormControl>
                <FormLabel id="import-date-format">{w.datesWritten}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="import-date-format"
                  value={dateFormat}
                  onChange={(e) => setDateFormat(e.target.value as DateFormat)}
                >
                  {dateFormats.map((format) => (
                    <FormControlLabel key={format} value={format} control={<Radio />} label={dateFormatLabels[format]} />
                  ))}
                </RadioGroup>
              </FormControl>
              {dryRun.isError && (
                <Alert severity="error" role="alert">
                  {errorMessage(dryRun.error, w.checkFailed)}
                </Alert>
              )}
              <Box>
                <Button type="submit" variant="contained" disabled={!file} loading={dryRun.isPending}>
                  {w.check}
                </Button>
              </Box>
            </Stack>
          </Box>
        </Panel>

        {shown.data && (
          <ImportResult
            key={shown.data.id}
            result={shown.data}
            rechecking={dryRun.isPending}
            onRecheck={
              file ? (mapping) => dryRun.mutate({ file, payments, mapping, dateFormat }, { onSuccess: (a) => setCurrent(a.id) }) : undefined
            }
          />
        )}

        <Panel labelledBy="import-history">
          <SectionTitle id="import-history">{w.imports}</SectionTitle>
          {imports.data && imports.data.items.length > 0 ? (
            <Table size="small" aria-labelledby="import-history">
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{w.file}</TableCell>
                  <TableCell scope="col">{w.checked}</TableCell>
                  <TableCell scope="col">{w.status}</TableCell>
                  <TableCell scope="col">{w.rows}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {imports.data.items.map((item) => (
                  <TableRow key={item.id}>
                    <TableCell>
                      <Link component="button" type="button" onClick={() => setCurrent(item.id)}>
                        {item.file_name}
                      </Link>
                    </TableCell>
                    <TableCell>{dateTime(item.created_at)}</TableCell>
                    <TableCell>{w.statuses[item.status]}</TableCell>
                    <TableCell>{summaryText(item.summary, item.status === 'committed', w)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{w.noImports}</Typography>
          )}
        </Panel>
      </Stack>
    </AdminSection>
  );
}

function FileField({ id, label, onChange }: { id: string; label: string; onChange: (file: File | null) => void }) {
  return (
    <Box>
      <Typography component="label" htmlFor={id} sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <input id={id} name={id} type="file" accept=".csv,.xlsx,text/csv" onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
    </Box>
  );
}

function ImportResult({
  result,
  rechecking,
  onRecheck,
}: {
  result: ImportResponse;
  rechecking: boolean;
  onRecheck?: (mapping: MemberMapping) => void;
}) {
  const w = useWords(importWords);
  const [mapping, setMapping] = useState<MemberMapping>(result.mapping);
  const [showAll, setShowAll] = useState(false);
  const done = result.status === 'committed';
  const rows = showAll
    ? result.rows
    : result.rows.filter((r) => r.action === 'error').concat(result.rows.filter((r) => r.action !== 'error'));
  return (
    <>
      <Panel labelledBy="import-check">
        <SectionTitle id="import-check">{done ? w.importedTitle : w.wouldDoTitle}</SectionTitle>
        <Stack spacing={2}>
          <Typography>
            <strong>{result.file_name}</strong>
            {w.readAs(result.encoding, dateFormatLabels[result.date_format])}
          </Typography>
          <Typography role="status">{w.membersSummary(summaryText(result.summary, done || result.status === 'undone', w))}</Typography>
          {result.payments && (
            <Typography>
              {w.paymentsSummary(
                result.payments.file_name,
                result.payments.encoding,
                result.payments.summary.create,
                done,
                result.payments.summary.skip,
                result.payments.summary.error,
              )}
            </Typography>
          )}
          {result.status === 'undone' && <Alert severity="info">{w.undoneNote}</Alert>}
          <Box>
            <Button onClick={() => void downloadOutcomes(result.id, result.file_name)}>{w.downloadOutcomes}</Button>
          </Box>
        </Stack>
      </Panel>

      {result.status === 'ready' && (
        <Panel labelledBy="import-mapping">
          <SectionTitle id="import-mapping">{w.mappingTitle}</SectionTitle>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{w.mappingIntro}</Typography>
          <Table size="small" aria-labelledby="import-mapping">
            <TableHead>
              <TableRow>
                <TableCell scope="col">{w.field}</TableCell>
                <TableCell scope="col">{w.column}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {memberFields.map((field: MemberField) => (
                <TableRow key={field}>
                  <TableCell>
                    <label htmlFor={`map-${field}`}>{w.fields[field]}</label>
                  </TableCell>
                  <TableCell>
                    <select
                      id={`map-${field}`}
                      value={mapping[field] ?? ''}
                      onChange={(e) => setMapping({ ...mapping, [field]: e.target.value === '' ? null : e.target.value })}
                    >
                      <option value="">{w.notRead}</option>
                      {result.columns.map((column) => (
                        <option key={column} value={column}>
                          {column}
                        </option>
                      ))}
                    </select>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Box sx={{ mt: 2 }}>
            {onRecheck ? (
              <Button variant="outlined" loading={rechecking} onClick={() => onRecheck(mapping)}>
                {w.checkAgain}
              </Button>
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>{w.chooseAgain}</Typography>
            )}
          </Box>
        </Panel>
      )}

      <Panel labelledBy="import-rows">
        <SectionTitle id="import-rows">{w.rows}</SectionTitle>
        <Table size="small" aria-labelledby="import-rows">
          <TableHead>
            <TableRow>
              <TableCell scope="col">{w.file}</TableCell>
              <TableCell scope="col">{w.row}</TableCell>
              <TableCell scope="col">{w.action}</TableCell>
              <TableCell scope="col">{w.problems}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, ROWS_SHOWN).map((r) => (
              <TableRow key={`${r.file}-${r.row}`}>
                <TableCell>{r.file === 'members' ? w.membersRows : w.paymentsRows}</TableCell>
                <TableCell>{r.row}</TableCell>
                <TableCell>{w.actions[r.action]}</TableCell>
                <TableCell>
                  {r.errors.length > 0 ? (
                    <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
                      {r.errors.map((e, i) => (
                        <li key={i}>{e.column ? `${e.column}: ${e.detail}` : e.detail}</li>
                      ))}
                    </ul>
                  ) : r.changes.length ? (
                    w.changes(r.changes.join(', '))
                  ) : (
                    ''
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {rows.length > ROWS_SHOWN && (
          <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>{w.firstRows(ROWS_SHOWN, rows.length)}</Typography>
        )}
        {!showAll && rows.length <= ROWS_SHOWN && result.rows.some((r) => r.action === 'error') && (
          <Button sx={{ mt: 1 }} onClick={() => setShowAll(true)}>
            {w.fileOrder}
          </Button>
        )}
      </Panel>

      {result.status === 'ready' && <CommitPanel result={result} />}
      {(done || result.status === 'undone') && <AfterImport result={result} />}
    </>
  );
}

function CommitPanel({ result }: { result: ImportResponse }) {
  const w = useWords(importWords);
  const [onError, setOnError] = useState<'skip' | 'block'>('skip');
  const commit = useCommitImport();
  const errors = result.summary.error + (result.payments?.summary.error ?? 0);
  return (
    <Panel labelledBy="import-commit">
      <SectionTitle id="import-commit">{w.importTitle}</SectionTitle>
      <Stack spacing={2}>
        {errors > 0 && (
          <FormControl>
            <FormLabel id="import-on-error">{w.rowsWithErrors(errors)}</FormLabel>
            <RadioGroup aria-labelledby="import-on-error" value={onError} onChange={(e) => setOnError(e.target.value as 'skip' | 'block')}>
              <FormControlLabel value="skip" control={<Radio />} label={w.skipped} />
              <FormControlLabel value="block" control={<Radio />} label={w.blocking} />
            </RadioGroup>
          </FormControl>
        )}
        <Typography sx={{ color: 'text.secondary' }}>{w.importExplained}</Typography>
        {commit.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(commit.error, w.importFailed)}
          </Alert>
        )}
        <Box>
          <Button variant="contained" loading={commit.isPending} onClick={() => commit.mutate({ id: result.id, on_error: onError })}>
            {w.importPeople(result.summary.create + result.summary.update)}
          </Button>
        </Box>
      </Stack>
    </Panel>
  );
}

function AfterImport({ result }: { result: ImportResponse }) {
  const w = useWords(importWords);
  const { dateTime } = useFormats();
  const [page, setPage] = useState(1);
  const people = useImportPeople(result.id, page, 50, result.status === 'committed');
  const invite = useInvite();
  const undo = useUndoImport();
  const [confirmUndo, setConfirmUndo] = useState(false);
  return (
    <>
      {result.status === 'committed' && (
        <Panel labelledBy="import-people">
          <SectionTitle id="import-people">{w.invitationsTitle}</SectionTitle>
          <Stack spacing={2}>
            <Typography sx={{ color: 'text.secondary' }}>{w.invitationsIntro(INVITATION_DAYS)}</Typography>
            {invite.isSuccess && (
              <Alert severity="success" role="status">
                {w.queued(invite.data.invited, invite.data.skipped)}
              </Alert>
            )}
            {invite.isError && <Alert severity="error">{errorMessage(invite.error, w.invitationsFailed)}</Alert>}
            <Box>
              <Button variant="contained" loading={invite.isPending} onClick={() => invite.mutate({ import_id: result.id })}>
                {w.inviteEveryone}
              </Button>
            </Box>
            {people.data && (
              <>
                <Table size="small" aria-labelledby="import-people">
                  <TableHead>
                    <TableRow>
                      <TableCell scope="col">{w.name}</TableCell>
                      <TableCell scope="col">{w.email}</TableCell>
                      <TableCell scope="col">{w.invitation}</TableCell>
                      <TableCell scope="col">{w.invited}</TableCell>
                      <TableCell scope="col">{w.lastSignedIn}</TableCell>
                      <TableCell scope="col">
                        <Box component="span" sx={visuallyHidden}>
                          {w.action}
                        </Box>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {people.data.items.map((p) => (
                      <TableRow key={p._id}>
                        <TableCell>
                          <Link component={RouterLink} to={`/admin/members/${encodeURIComponent(p._id)}`}>
                            {p.first_name} {p.last_name}
                          </Link>
                        </TableCell>
                        <TableCell>{p.email}</TableCell>
                        <TableCell>
                          {p.has_password && p.invitation === 'not_invited' ? w.hasPassword : w.invitationStates[p.invitation]}
                        </TableCell>
                        <TableCell>{p.invited_at ? dateTime(p.invited_at) : '—'}</TableCell>
                        <TableCell>{p.last_signed_in_at ? dateTime(p.last_signed_in_at) : w.notYet}</TableCell>
                        <TableCell>
                          {!p.has_password && (
                            <Button
                              size="small"
                              onClick={() => invite.mutate({ member_ids: [p._id] })}
                              aria-label={w.inviteName(`${p.first_name} ${p.last_name}`)}
                            >
                              {p.invitation === 'not_invited' ? w.invite : w.sendAgain}
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {people.data.total > people.data.page_size && (
                  <Stack direction="row" spacing={1}>
                    <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      {w.previous}
                    </Button>
                    <Typography sx={{ alignSelf: 'center' }}>
                      {w.pageOf(page, Math.ceil(people.data.total / people.data.page_size))}
                    </Typography>
                    <Button disabled={page * people.data.page_size >= people.data.total} onClick={() => setPage(page + 1)}>
                      {w.next}
                    </Button>
                  </Stack>
                )}
              </>
            )}
          </Stack>
        </Panel>
      )}
      {result.status === 'committed' && (
        <Panel labelledBy="import-undo">
          <SectionTitle id="import-undo">{w.undoTitle}</SectionTitle>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{result.can_undo ? w.canUndo : w.cannotUndo}</Typography>
          <Button color="error" variant="outlined" disabled={!result.can_undo} onClick={() => setConfirmUndo(true)}>
            {w.undo}
          </Button>
          <ConfirmDialog
            open={confirmUndo}
            question={w.undoQuestion}
            details={w.undoDetails(result.summary.create, result.summary.update)}
            confirmLabel={w.undoConfirm}
            destructive
            pending={undo.isPending}
            error={undo.isError ? errorMessage(undo.error, w.undoFailed) : null}
            onConfirm={() => undo.mutate(result.id, { onSuccess: () => setConfirmUndo(false) })}
            onClose={() => setConfirmUndo(false)}
          />
        </Panel>
      )}
    </>
  );
}
