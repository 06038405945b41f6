import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AdminImage, ImageUse } from '../../../shared/api/images';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { errorMessage } from '../../lib/api';
import { useWords } from '../../lib/words';
import { AdminSection, FilterBar } from './admin-section';
import { imagesWords } from './images-words';
import { useDeleteImage, useImages } from './site-admin-api';
import { useFormats } from './use-formats';
import { useUrlParams } from './use-url-params';

const PARAMS = ['unused'] as const;

export function formatBytes(bytes: number, inBytes: (n: number) => string = imagesWords.en.bytes): string {
  if (bytes < 1024) return inBytes(bytes);
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Where a use of an image can be seen. */
function linkOf(use: ImageUse): string {
  if (use.kind === 'committee') return '/#committee';
  if (use.kind === 'event') return `/events/${encodeURIComponent(use.id ?? '')}`;
  if (use.kind === 'article' || use.kind === 'page') return `/article/${encodeURIComponent(use.id ?? '')}`;
  return '/admin/settings';
}

/** Every uploaded image: its size, when and by whom, where it is used; unused ones can go. */
export function ImagesPage() {
  const w = useWords(imagesWords);
  const { dateTime } = useFormats();
  const images = useImages();
  const [params, setParams] = useUrlParams(PARAMS);
  const [deleting, setDeleting] = useState<AdminImage | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const remove = useDeleteImage();
  const unusedOnly = params.unused === '1';
  const shown = (images.data ?? []).filter((image) => !unusedOnly || image.uses.length === 0);
  const unusedCount = (images.data ?? []).filter((image) => image.uses.length === 0).length;

  return (
    <AdminSection title={w.title} intro={w.intro}>
      <FilterBar label={w.filterLabel}>
        <FormControlLabel
          control={
            <Checkbox checked={unusedOnly} onChange={(e) => setParams({ unused: e.target.checked ? '1' : null }, { replace: true })} />
          }
          label={w.unusedOnly}
        />
      </FilterBar>
      {message && (
        <Alert severity="success" role="status" onClose={() => setMessage(null)} closeText={w.close} sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      {images.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={200} />
        </LoadingRegion>
      ) : images.isError ? (
        <LoadError message={w.loadFailed} error={images.error} onRetry={() => void images.refetch()} />
      ) : (
        <>
          <Typography role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {w.count(images.data.length, unusedCount)}
            {unusedOnly ? w.showing(shown.length) : ''}
          </Typography>
          <Box
            component="ul"
            aria-label={w.images}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
            }}
          >
            {shown.map((image) => (
              <ImageCard key={image._id} image={image} onDelete={() => setDeleting(image)} />
            ))}
          </Box>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        question={w.deleteQuestion}
        details={
          deleting
            ? `${deleting.width} × ${deleting.height} ${deleting.mime === 'image/png' ? 'PNG' : 'JPEG'}, ${w.uploadedAt(dateTime(deleting.created_at))}`
            : undefined
        }
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, w.deleteFailed) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              setDeleting(null);
              setMessage(w.deleted);
            },
          })
        }
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </AdminSection>
  );
}

function ImageCard({ image, onDelete }: { image: AdminImage; onDelete: () => void }) {
  const w = useWords(imagesWords);
  const { dateTime } = useFormats();
  const titleId = useId();
  const kind = image.mime === 'image/png' ? 'PNG' : 'JPEG';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ borderRadius: 2, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
    >
      <Box
        sx={{ height: 160, bgcolor: 'background.default', display: 'grid', placeItems: 'center', borderBottom: 1, borderColor: 'divider' }}
      >
        <Box
          component="img"
          src={image.url}
          alt=""
          loading="lazy"
          decoding="async"
          sx={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain' }}
        />
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, flexGrow: 1 }}>
        <Typography id={titleId} component="h3" sx={{ fontWeight: 700 }}>
          {image.width} × {image.height} {kind}, {formatBytes(image.bytes, w.bytes)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {w.uploaded(dateTime(image.created_at))}
          {image.created_by ? w.by(image.created_by) : w.withDemo}
        </Typography>
        {image.uses.length === 0 ? (
          <Box sx={{ mt: 'auto', pt: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Chip size="small" label={w.notUsed} />
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete} aria-describedby={titleId}>
              {w.delete}
            </Button>
          </Box>
        ) : (
          <Box sx={{ mt: 0.5 }}>
            <Typography variant="body2" component="p">
              {w.usedBy}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {image.uses.map((use) => (
                <Typography key={`${use.kind}:${use.id}`} component="li" variant="body2">
                  <Link component={RouterLink} to={linkOf(use)}>
                    {use.label}
                  </Link>
                </Typography>
              ))}
            </Box>
          </Box>
        )}
      </Box>
    </Paper>
  );
}
