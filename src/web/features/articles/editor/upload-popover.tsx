import AttachFileIcon from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useSiteText } from '../../../lib/site-text';
import { UPLOAD_IMAGE_TYPES, isUploadableImage } from './pasted-text';

/** docs/product.md: pick an image file (images only), "Click icon to attach image", confirm or cancel. */
export function UploadPopover({
  anchor,
  onConfirm,
  onClose,
}: {
  anchor: HTMLElement;
  onConfirm: (file: File) => void;
  onClose: () => void;
}) {
  const { t } = useSiteText();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 2, maxWidth: 280 } } }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton aria-label={t('editor.choose_image')} onClick={() => input.current?.click()} color="primary">
            <AttachFileIcon />
          </IconButton>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file ? file.name : t('editor.upload_prompt')}
          </Typography>
        </Stack>
        <input
          ref={input}
          type="file"
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          hidden
          data-testid="image-upload-input"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            if (chosen && !isUploadableImage(chosen)) {
              setFile(null);
              setError(t('editor.images_only'));
            } else {
              setFile(chosen);
              setError(null);
            }
          }}
        />
        {error && (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              // Said when pressed, rather than a button that waits disabled.
              if (file) onConfirm(file);
              else setError(t('editor.image_needed'));
            }}
          >
            {t('editor.confirm')}
          </Button>
        </Stack>
      </Stack>
    </Popover>
  );
}
