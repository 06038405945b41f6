import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, type ReactNode } from 'react';
import { imagesApi } from '../../shared/api/images';
import { apiRequest, errorMessage } from '../lib/api';
import { DEFAULT_MARK } from '../lib/default-mark';
import { useWords } from '../lib/words';
import { pictureFieldWords } from './picture-field-words';

/** The back office's list of images, which an upload changes. */
const IMAGES_KEY = ['admin', 'images'] as const;

function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(imagesApi.upload.body.file, file);
      return apiRequest(imagesApi.upload, { body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: IMAGES_KEY }),
  });
}

/**
 * A picture (a setting, or a feature image): uploaded through the site's image upload
 * (re-encoded there), shown as it will look, and cleared back to none. Saved with the rest of
 * the form.
 */
export function PictureField({
  label,
  help,
  value,
  error,
  onChange,
  uploadLabel,
  clearLabel,
  preview,
}: {
  label: string;
  help: string;
  value: string;
  error?: string;
  onChange: (url: string) => void;
  uploadLabel: string;
  clearLabel: string;
  /** How the picture shows on the site; by default the picture alone. */
  preview?: (src: string) => ReactNode;
}) {
  const upload = useUploadPicture();
  const w = useWords(pictureFieldWords);
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const helpId = useId();
  const src = value || (preview ? DEFAULT_MARK : '');

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={helpId}>
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {src ? (
        (preview?.(src) ?? (
          <Box
            component="img"
            src={src}
            alt={w.current(label)}
            sx={{ display: 'block', maxHeight: 120, maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        ))
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{w.none}</Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button variant="outlined" startIcon={<UploadIcon />} loading={upload.isPending} onClick={() => input.current?.click()}>
          {uploadLabel}
        </Button>
        {value && <Button onClick={() => onChange('')}>{clearLabel}</Button>}
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        aria-label={uploadLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate(file, { onSuccess: (answer) => onChange(answer.url) });
        }}
      />
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error ?? help}
      </FormHelperText>
      {upload.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(upload.error, w.uploadFailed)}
        </Alert>
      )}
    </Box>
  );
}
