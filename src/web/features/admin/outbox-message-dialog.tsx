import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { OutboxMessage } from '../../../shared/api/admin';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { useWords } from '../../lib/words';
import { useOutboxMessage } from './admin-api';
import { adminWords } from './admin-words';
import { outboxWords } from './outbox-words';
import { useFormats } from './use-formats';

/**
 * One message in full. Only the plain-text body is shown, as text in a <pre>: the HTML body is
 * never rendered, so nothing in a message can run or load in the admin's page.
 */
export function OutboxMessageDialog({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const w = useWords(outboxWords);
  const message = useOutboxMessage(id);
  const titleId = useId();
  return (
    <Dialog open={open && id !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {message.data?.subject ?? w.message}
      </DialogTitle>
      <DialogContent dividers>
        {message.isPending ? (
          <LoadingRegion>
            <Skeleton variant="rounded" height={240} />
          </LoadingRegion>
        ) : message.isError ? (
          <LoadError message={w.messageFailed} error={message.error} onRetry={() => void message.refetch()} />
        ) : (
          <MessageBody message={message.data} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1 }}>
        {message.data && <CopyTextButton text={message.data.text_body} />}
        <Button onClick={onClose} variant="contained">
          {w.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MessageBody({ message }: { message: OutboxMessage }) {
  const w = useWords(outboxWords);
  const labels = useWords(adminWords);
  const { dateTime } = useFormats();
  const facts: [string, string][] = [
    [w.to, message.to_address],
    [w.created, dateTime(message.created_at)],
    [w.status, labels.outboxStatus[message.status]],
    [w.sentAt, message.sent_at ? dateTime(message.sent_at) : w.notSent],
  ];
  if (message.last_error) facts.push([w.lastError, message.last_error]);
  return (
    <>
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 2,
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          '& dt': { fontWeight: 600, color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Box
        component="pre"
        role="region"
        aria-label={w.messageText}
        tabIndex={0}
        sx={{
          m: 0,
          p: 2,
          maxHeight: '50vh',
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
          fontSize: '0.9rem',
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        {message.text_body}
      </Box>
    </>
  );
}

function CopyTextButton({ text }: { text: string }) {
  const w = useWords(outboxWords);
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setResult('copied');
    } catch {
      // No clipboard (an insecure origin, or permission refused): the text can still be selected.
      setResult('failed');
    }
  }
  return (
    <>
      <Typography role="status" variant="body2" sx={{ mr: 'auto', color: result === 'failed' ? 'error.main' : 'text.secondary' }}>
        {result === 'copied' ? w.copied : result === 'failed' ? w.copyFailed : ''}
      </Typography>
      <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {w.copyText}
      </Button>
    </>
  );
}
