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
import {
  IMPORT_LIMITS,
  INVITATION_DAYS,
  invitationStateLabels,
  type ImportResponse,
  type ImportRowOutcome,
  type ImportSummary,
  type MemberMapping,
} from '../../../shared/api/imports';
import {
  dateFormatLabels,
  dateFormats,
  memberFieldLabels,
  memberFields,
  type DateFormat,
  type MemberField,
} from '../../../shared/domain/member-file';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { visuallyHidden } from '../../components/loading-region';
import { Panel } from '../../components/panel';
import { errorMessage } from '../../lib/api';
import { formatShortDateTime } from '../../lib/format';
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

const ROWS_SHOWN = 200;
const actionLabels: Record<ImportRowOutcome['action'], string> = { create: 'Create', update: 'Update', skip: 'Unchanged', error: 'Error' };
const statusLabels: Record<ImportResponse['status'], string> = {
  ready: 'Checked, not imported',
  committing: 'Being imported',
  committed: 'Imported',
  undone: 'Undone',
};

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="h3" sx={{ fontSize: '1.2rem', mb: 2, color: 'primary.dark' }}>
      {children}
    </Typography>
  );
}

function summaryText(summary: ImportSummary, done: boolean): string {
  const parts = done
    ? [`${summary.create} created`, `${summary.update} updated`, `${summary.skip} unchanged`, `${summary.error} in error (not imported)`]
    : [`${summary.create} to create`, `${summary.update} to update`, `${summary.skip} unchanged`, `${summary.error} with errors`];
  return parts.join(', ');
}

/**
 * The import of an association's existing members (decision 110): upload, check (a dry run that
 * writes nothing), correct the mapping, import once, invite, and undo while nobody has signed in.
 */
export function ImportPage() {
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
    <AdminSection
      title="Import members"
      intro="Bring in the members the association already has from its spreadsheet: check the file first (nothing is written), correct how its columns are read, then import once and invite people to choose a password."
    >
      <Stack spacing={3}>
        <Panel labelledBy="import-upload">
          <SectionTitle id="import-upload">1. The files</SectionTitle>
          <Box component="form" onSubmit={(e) => check(e)} noValidate>
            <Stack spacing={2.5}>
              <Typography sx={{ color: 'text.secondary' }}>
                A CSV file (UTF-8, with or without a byte-order mark, or Windows-1252 as Excel on Windows saves it) or an Excel workbook
                (.xlsx). At most {IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and {IMPORT_LIMITS.maxRows.toLocaleString('en-GB')} rows a file,{' '}
                {IMPORT_LIMITS.maxCellChars.toLocaleString('en-GB')} characters a cell; no formulas, macros or links to other workbooks. The
                first row names the columns. The site’s own members export (Members, Export CSV) reads back as it is.
              </Typography>
              <FileField id="import-file" label="Members file (required)" onChange={setFile} />
              <FileField
                id="import-payments"
                label="Past payments file (optional: e-mail, date, amount, kind, method, reference)"
                onChange={setPayments}
              />
              <FormControl>
                <FormLabel id="import-date-format">Dates in the files are written</FormLabel>
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
                  {errorMessage(dryRun.error, 'The file could not be checked. Please try again.')}
                </Alert>
              )}
              <Box>
                <Button type="submit" variant="contained" disabled={!file} loading={dryRun.isPending}>
                  Check the file
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
          <SectionTitle id="import-history">Imports</SectionTitle>
          {imports.data && imports.data.items.length > 0 ? (
            <Table size="small" aria-labelledby="import-history">
              <TableHead>
                <TableRow>
                  <TableCell scope="col">File</TableCell>
                  <TableCell scope="col">Checked</TableCell>
                  <TableCell scope="col">Status</TableCell>
                  <TableCell scope="col">Rows</TableCell>
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
                    <TableCell>{formatShortDateTime(item.created_at)}</TableCell>
                    <TableCell>{statusLabels[item.status]}</TableCell>
                    <TableCell>{summaryText(item.summary, item.status === 'committed')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>No imports yet.</Typography>
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
  const [mapping, setMapping] = useState<MemberMapping>(result.mapping);
  const [showAll, setShowAll] = useState(false);
  const done = result.status === 'committed';
  const rows = showAll
    ? result.rows
    : result.rows.filter((r) => r.action === 'error').concat(result.rows.filter((r) => r.action !== 'error'));
  return (
    <>
      <Panel labelledBy="import-check">
        <SectionTitle id="import-check">{done ? '3. Imported' : '2. What the import would do'}</SectionTitle>
        <Stack spacing={2}>
          <Typography>
            <strong>{result.file_name}</strong>, read as {result.encoding}; dates as {dateFormatLabels[result.date_format]}.
          </Typography>
          <Typography role="status">Members: {summaryText(result.summary, done || result.status === 'undone')}.</Typography>
          {result.payments && (
            <Typography>
              Payments ({result.payments.file_name}, {result.payments.encoding}): {result.payments.summary.create}{' '}
              {done ? 'added' : 'to add'}, {result.payments.summary.skip} already on the site, {result.payments.summary.error} with errors.
            </Typography>
          )}
          {result.status === 'undone' && (
            <Alert severity="info">This import was undone: what it created is gone and what it changed is back.</Alert>
          )}
          <Box>
            <Button onClick={() => void downloadOutcomes(result.id, result.file_name)}>Download the row outcomes (CSV)</Button>
          </Box>
        </Stack>
      </Panel>

      {result.status === 'ready' && (
        <Panel labelledBy="import-mapping">
          <SectionTitle id="import-mapping">How the columns are read</SectionTitle>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            Guessed from the headers. Change a field’s column and check the file again; fields left out are not read.
          </Typography>
          <Table size="small" aria-labelledby="import-mapping">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Field</TableCell>
                <TableCell scope="col">Column of the file</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {memberFields.map((field: MemberField) => (
                <TableRow key={field}>
                  <TableCell>
                    <label htmlFor={`map-${field}`}>{memberFieldLabels[field]}</label>
                  </TableCell>
                  <TableCell>
                    <select
                      id={`map-${field}`}
                      value={mapping[field] ?? ''}
                      onChange={(e) => setMapping({ ...mapping, [field]: e.target.value === '' ? null : e.target.value })}
                    >
                      <option value="">(not read)</option>
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
                Check again with this mapping
              </Button>
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>Choose the file again above to check it with another mapping.</Typography>
            )}
          </Box>
        </Panel>
      )}

      <Panel labelledBy="import-rows">
        <SectionTitle id="import-rows">Rows</SectionTitle>
        <Table size="small" aria-labelledby="import-rows">
          <TableHead>
            <TableRow>
              <TableCell scope="col">File</TableCell>
              <TableCell scope="col">Row</TableCell>
              <TableCell scope="col">Action</TableCell>
              <TableCell scope="col">Problems or changes</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, ROWS_SHOWN).map((r) => (
              <TableRow key={`${r.file}-${r.row}`}>
                <TableCell>{r.file === 'members' ? 'Members' : 'Payments'}</TableCell>
                <TableCell>{r.row}</TableCell>
                <TableCell>{actionLabels[r.action]}</TableCell>
                <TableCell>
                  {r.errors.length > 0 ? (
                    <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
                      {r.errors.map((e, i) => (
                        <li key={i}>{e.column ? `${e.column}: ${e.detail}` : e.detail}</li>
                      ))}
                    </ul>
                  ) : r.changes.length ? (
                    `Changes: ${r.changes.join(', ')}`
                  ) : (
                    ''
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {rows.length > ROWS_SHOWN && (
          <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>
            The first {ROWS_SHOWN} of {rows.length} rows (errors first); the download has them all.
          </Typography>
        )}
        {!showAll && rows.length <= ROWS_SHOWN && result.rows.some((r) => r.action === 'error') && (
          <Button sx={{ mt: 1 }} onClick={() => setShowAll(true)}>
            Show the rows in file order
          </Button>
        )}
      </Panel>

      {result.status === 'ready' && <CommitPanel result={result} />}
      {(done || result.status === 'undone') && <AfterImport result={result} />}
    </>
  );
}

function CommitPanel({ result }: { result: ImportResponse }) {
  const [onError, setOnError] = useState<'skip' | 'block'>('skip');
  const commit = useCommitImport();
  const errors = result.summary.error + (result.payments?.summary.error ?? 0);
  return (
    <Panel labelledBy="import-commit">
      <SectionTitle id="import-commit">3. Import</SectionTitle>
      <Stack spacing={2}>
        {errors > 0 && (
          <FormControl>
            <FormLabel id="import-on-error">
              {errors} row{errors === 1 ? ' has' : 's have'} errors. Those rows are
            </FormLabel>
            <RadioGroup aria-labelledby="import-on-error" value={onError} onChange={(e) => setOnError(e.target.value as 'skip' | 'block')}>
              <FormControlLabel value="skip" control={<Radio />} label="skipped: import the other rows" />
              <FormControlLabel value="block" control={<Radio />} label="blocking: import nothing until the file is corrected" />
            </RadioGroup>
          </FormControl>
        )}
        <Typography sx={{ color: 'text.secondary' }}>
          Imported people are members (never editors or admins), with the tier and dates as given: expiry is a year after the last renewal.
          They have no password until they choose one from their invitation or with “Forgot password”.
        </Typography>
        {commit.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(commit.error, 'The import did not go through. Please try again.')}
          </Alert>
        )}
        <Box>
          <Button variant="contained" loading={commit.isPending} onClick={() => commit.mutate({ id: result.id, on_error: onError })}>
            Import {result.summary.create + result.summary.update} people
          </Button>
        </Box>
      </Stack>
    </Panel>
  );
}

function AfterImport({ result }: { result: ImportResponse }) {
  const [page, setPage] = useState(1);
  const people = useImportPeople(result.id, page, 50, result.status === 'committed');
  const invite = useInvite();
  const undo = useUndoImport();
  const [confirmUndo, setConfirmUndo] = useState(false);
  return (
    <>
      {result.status === 'committed' && (
        <Panel labelledBy="import-people">
          <SectionTitle id="import-people">4. Invitations</SectionTitle>
          <Stack spacing={2}>
            <Typography sx={{ color: 'text.secondary' }}>
              Each invitation carries a link to choose a password, valid for {INVITATION_DAYS} days; sending one again voids the older link.
              They leave at a steady rate (30 a minute) through the outbox. People who have a password already are left out.
            </Typography>
            {invite.isSuccess && (
              <Alert severity="success" role="status">
                {invite.data.invited} invitation{invite.data.invited === 1 ? '' : 's'} queued
                {invite.data.skipped ? `; ${invite.data.skipped} left out (a password already, or invited a moment ago)` : ''}.
              </Alert>
            )}
            {invite.isError && <Alert severity="error">{errorMessage(invite.error, 'The invitations could not be sent.')}</Alert>}
            <Box>
              <Button variant="contained" loading={invite.isPending} onClick={() => invite.mutate({ import_id: result.id })}>
                Invite everyone imported
              </Button>
            </Box>
            {people.data && (
              <>
                <Table size="small" aria-labelledby="import-people">
                  <TableHead>
                    <TableRow>
                      <TableCell scope="col">Name</TableCell>
                      <TableCell scope="col">E-mail</TableCell>
                      <TableCell scope="col">Invitation</TableCell>
                      <TableCell scope="col">Invited</TableCell>
                      <TableCell scope="col">Last signed in</TableCell>
                      <TableCell scope="col">
                        <Box component="span" sx={visuallyHidden}>
                          Action
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
                          {p.has_password && p.invitation === 'not_invited' ? 'Has a password' : invitationStateLabels[p.invitation]}
                        </TableCell>
                        <TableCell>{p.invited_at ? formatShortDateTime(p.invited_at) : '—'}</TableCell>
                        <TableCell>{p.last_signed_in_at ? formatShortDateTime(p.last_signed_in_at) : 'Not yet'}</TableCell>
                        <TableCell>
                          {!p.has_password && (
                            <Button
                              size="small"
                              onClick={() => invite.mutate({ member_ids: [p._id] })}
                              aria-label={`Invite ${p.first_name} ${p.last_name}`}
                            >
                              {p.invitation === 'not_invited' ? 'Invite' : 'Send again'}
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
                      Previous
                    </Button>
                    <Typography sx={{ alignSelf: 'center' }}>
                      Page {page} of {Math.ceil(people.data.total / people.data.page_size)}
                    </Typography>
                    <Button disabled={page * people.data.page_size >= people.data.total} onClick={() => setPage(page + 1)}>
                      Next
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
          <SectionTitle id="import-undo">Undo</SectionTitle>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            {result.can_undo
              ? 'Until one of its people signs in or chooses a password, the import can be undone: the accounts it created are removed and those it changed get their values back.'
              : 'Someone this import brought in has signed in or chosen a password, so it can no longer be undone.'}
          </Typography>
          <Button color="error" variant="outlined" disabled={!result.can_undo} onClick={() => setConfirmUndo(true)}>
            Undo this import
          </Button>
          <ConfirmDialog
            open={confirmUndo}
            question="Undo this import?"
            details={`The ${result.summary.create} accounts it created are removed and the ${result.summary.update} it changed are restored.`}
            confirmLabel="Undo the import"
            destructive
            pending={undo.isPending}
            error={undo.isError ? errorMessage(undo.error, 'The import could not be undone.') : null}
            onConfirm={() => undo.mutate(result.id, { onSuccess: () => setConfirmUndo(false) })}
            onClose={() => setConfirmUndo(false)}
          />
        </Panel>
      )}
    </>
  );
}
