import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';

/** "Export CSV": downloads the list as filtered now; a refusal shows the server's reason. */
export function CsvButton({ download, disabled = false }: { download: () => Promise<void>; disabled?: boolean }) {
  const exporting = useMutation({ mutationFn: download });
  return (
    <Stack spacing={1} sx={{ alignItems: { sm: 'flex-end' } }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={exporting.isPending}
        disabled={disabled}
        onClick={() => exporting.mutate()}
      >
        Export CSV
      </Button>
      {exporting.isError && (
        <Alert severity="error" onClose={() => exporting.reset()}>
          {errorMessage(exporting.error, 'The file could not be downloaded. Please try again.')}
        </Alert>
      )}
    </Stack>
  );
}
