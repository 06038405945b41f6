import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useWords } from '../../lib/words';
import { adminWords } from './admin-words';

/**
 * "Export CSV": downloads the list as filtered now; a refusal shows the server's reason. While the
 * filter cannot be exported, pressing it says why (`refusal`), rather than a button that waits disabled.
 */
export function CsvButton({ download, refusal }: { download: () => Promise<void>; refusal?: string }) {
  const w = useWords(adminWords);
  const exporting = useMutation({ mutationFn: download });
  const [refused, setRefused] = useState(false);
  return (
    <Stack spacing={1} sx={{ alignItems: { sm: 'flex-end' } }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={exporting.isPending}
        onClick={() => {
          setRefused(Boolean(refusal));
          if (!refusal) exporting.mutate();
        }}
      >
        {w.exportCsv}
      </Button>
      {refused && refusal && (
        <Alert severity="error" role="alert" onClose={() => setRefused(false)} closeText={w.close}>
          {refusal}
        </Alert>
      )}
      {exporting.isError && (
        <Alert severity="error" onClose={() => exporting.reset()} closeText={w.close}>
          {errorMessage(exporting.error, w.downloadFailed)}
        </Alert>
      )}
    </Stack>
  );
}
