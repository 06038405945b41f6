import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { isSafeLinkUrl, isSafeMediaUrl } from '../../../../shared/domain/richtext/safe-url';
import { useSiteText } from '../../../lib/site-text';
import type { MediaAttrs } from './media-node';
import { parseWholeNumber } from './whole-number';

export type LinkTarget = { kind: 'link'; url: string; existing: boolean };
export type MediaTarget = { kind: 'media'; attrs: MediaAttrs; existing: boolean };

type Props<T> = {
  anchor: HTMLElement;
  target: T;
  /** The new value; an empty URL on an existing link or media means remove it. */
  onConfirm: (value: T) => void;
  onClose: () => void;
};

/**
 * docs/product.md "Media popover": edits a link's URL, or a media block's URL, width, height, alignment and
 * type. Emptying the URL of an existing one removes it. (Link popover: 250px wide, padding 2.)
 */
export function LinkMediaPopover<T extends LinkTarget | MediaTarget>({ anchor, target, onConfirm, onClose }: Props<T>) {
  const { t } = useSiteText();
  const titleId = useId();
  const [url, setUrl] = useState(target.kind === 'link' ? target.url : target.attrs.url);
  const [media, setMedia] = useState<MediaAttrs | null>(target.kind === 'media' ? target.attrs : null);
  const [error, setError] = useState<string | null>(null);

  // Whole numbers only: empty clears the field, anything else is ignored (the field keeps its value).
  const setSize = (key: 'width' | 'height', value: string) => setMedia((m) => (m ? { ...m, [key]: parseWholeNumber(value, m[key]) } : m));

  function submit(event: FormEvent) {
    event.preventDefault();
    // The popover is portalled, but React events still bubble to the article's form around it.
    event.stopPropagation();
    const address = url.trim();
    if (address === '') {
      if (target.existing) onConfirm(target.kind === 'link' ? { ...target, url: '' } : { ...target, attrs: { ...media!, url: '' } });
      else onClose();
      return;
    }
    if (target.kind === 'link') {
      if (!isSafeLinkUrl(address)) return setError(t('editor.link_invalid'));
      onConfirm({ ...target, url: address });
    } else {
      if (!isSafeMediaUrl(address)) return setError(t('editor.media_invalid'));
      onConfirm({ ...target, attrs: { ...media!, url: address } });
    }
  }

  const remove = () => onConfirm(target.kind === 'link' ? { ...target, url: '' } : { ...target, attrs: { ...target.attrs, url: '' } });

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: submit,
          'aria-labelledby': titleId,
          sx: { p: 2, maxWidth: target.kind === 'link' ? 250 : 320 },
        } as object,
      }}
    >
      <span id={titleId} hidden>
        {target.kind === 'link' ? t('editor.tool.link') : t('editor.tool.media')}
      </span>
      <Stack spacing={1.5}>
        <TextField
          label={t('editor.url')}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error}
          size="small"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: 'false' } }}
        />
        {media && (
          <>
            <Stack direction="row" spacing={1}>
              <TextField
                label={t('editor.width')}
                value={media.width ?? ''}
                onChange={(e) => setSize('width', e.target.value)}
                size="small"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField
                label={t('editor.height')}
                value={media.height ?? ''}
                onChange={(e) => setSize('height', e.target.value)}
                size="small"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
            <TextField
              select
              label={t('editor.alignment')}
              value={media.alignment ?? 'left'}
              onChange={(e) => setMedia({ ...media, alignment: e.target.value as MediaAttrs['alignment'] })}
              size="small"
            >
              <MenuItem value="left">{t('editor.align_left')}</MenuItem>
              <MenuItem value="center">{t('editor.align_center')}</MenuItem>
              <MenuItem value="right">{t('editor.align_right')}</MenuItem>
            </TextField>
            <TextField
              select
              label={t('editor.type')}
              value={media.type ?? 'image'}
              onChange={(e) => setMedia({ ...media, type: e.target.value as MediaAttrs['type'] })}
              size="small"
            >
              <MenuItem value="image">{t('editor.type_image')}</MenuItem>
              <MenuItem value="video">{t('editor.type_video')}</MenuItem>
            </TextField>
          </>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {target.existing && (
            <Button color="error" onClick={remove} sx={{ mr: 'auto' }}>
              {t('editor.remove')}
            </Button>
          )}
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('editor.confirm')}
          </Button>
        </Stack>
      </Stack>
    </Popover>
  );
}
