import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { useSiteText } from '../lib/site-text';
import { textMatcher } from '../lib/text-matcher';
import type { DrawnTexts } from './site-text-right-click';
import { EDITING_UI_ATTRIBUTE, findTargets, pageTitleKeys, targetRect, type EditTarget } from './site-text-targets';

type Placed = EditTarget & { id: string; rect: DOMRect; value: string };

const APP_ROOT = 'root';
// Above the sticky header and the drawer, below dialogs (1300): the prompt opens over the outlines.
const Z_INDEX = 1250;

/**
 * "Edit texts on this page": every site text on the page gets an outline that is a button (in
 * the page's order, so Tab walks through them), Enter or a click opens the prompt. Texts held in
 * attributes (an icon button's label, a placeholder) are outlined on their element and say
 * which attribute; the page title has its own button. The page underneath is inert meanwhile,
 * so Tab reaches the texts and not the links around them.
 */
export function SiteTextEditMode({
  onOpen,
  onDone,
  promptOpen,
  drawnTexts,
}: {
  onOpen: (keys: SiteTextKey[]) => void;
  onDone: () => void;
  promptOpen: boolean;
  drawnTexts: DrawnTexts;
}) {
  const { peek, t } = useSiteText();
  const [placed, setPlaced] = useState<Placed[]>([]);
  const [titleKeys, setTitleKeys] = useState<SiteTextKey[]>([]);
  const targets = useRef<EditTarget[]>([]);
  const toolbar = useRef<HTMLDivElement>(null);

  // The page cannot be used while its texts are being picked; Escape (or Done) gives it back.
  // Afterwards the focus goes back where it was (the header's pencil button).
  useEffect(() => {
    const root = document.getElementById(APP_ROOT);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    root?.setAttribute('inert', '');
    toolbar.current?.focus();
    return () => {
      root?.removeAttribute('inert');
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !promptOpen) onDone();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onDone, promptOpen]);

  // Find the texts again when the page changes (a save, a list that loaded), and place the outlines.
  useLayoutEffect(() => {
    let frame = 0;
    const place = () => {
      frame = 0;
      // Ids that survive a rescan, so the outline that opened the prompt keeps the focus after a save.
      const occurrences = new Map<string, number>();
      setPlaced(
        targets.current
          .map((target) => {
            const base = `${target.keys.join(',')}:${target.attribute ?? ''}`;
            occurrences.set(base, (occurrences.get(base) ?? 0) + 1);
            return {
              ...target,
              id: `${base}:${occurrences.get(base)}`,
              rect: targetRect(target),
              value: peek(target.keys[0] as SiteTextKey),
            };
          })
          .filter((target) => target.rect.width > 0 && target.rect.height > 0),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    const scan = () => {
      const match = textMatcher(drawnTexts());
      targets.current = findTargets(document.body, match);
      setTitleKeys(pageTitleKeys(document.title, match) as SiteTextKey[]);
      schedule();
    };
    let pending: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver((records) => {
      if (
        records.every((record) =>
          (record.target instanceof Element ? record.target : record.target.parentElement)?.closest(`[${EDITING_UI_ATTRIBUTE}]`),
        )
      )
        return;
      clearTimeout(pending);
      pending = setTimeout(scan, 120);
    });
    scan();
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-label', 'placeholder', 'title', 'alt'],
    });
    window.addEventListener('scroll', schedule, true);
    window.addEventListener('resize', schedule);
    return () => {
      observer.disconnect();
      clearTimeout(pending);
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, true);
      window.removeEventListener('resize', schedule);
    };
  }, [drawnTexts, peek]);

  const fill = (template: string, values: Record<string, string | number>) =>
    Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, String(value)), template);

  return createPortal(
    <Box {...{ [EDITING_UI_ATTRIBUTE]: '' }}>
      <Paper
        ref={toolbar}
        tabIndex={-1}
        role="region"
        aria-label={t('site_text.edit_mode')}
        elevation={8}
        sx={{
          position: 'fixed',
          zIndex: Z_INDEX + 1,
          bottom: 16,
          left: '50%',
          transform: 'translateX(-50%)',
          width: 'min(680px, calc(100vw - 24px))',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.5,
          borderTop: 4,
          borderColor: 'secondary.main',
          outline: 'none',
        }}
      >
        <Typography sx={{ flex: '1 1 260px', fontSize: '0.95rem' }}>
          <strong>{t('site_text.edit_mode')}.</strong> {fill(t('site_text.edit_mode_intro'), { count: placed.length })}
        </Typography>
        {titleKeys.length > 0 && (
          <Button variant="outlined" size="small" onClick={() => onOpen(titleKeys)}>
            {t('site_text.edit_mode_title')}
          </Button>
        )}
        <Button variant="contained" size="small" onClick={onDone}>
          {t('site_text.edit_mode_done')}
        </Button>
      </Paper>
      {placed.map((target) => (
        <Box
          key={target.id}
          component="button"
          type="button"
          onClick={() => onOpen(target.keys as SiteTextKey[])}
          onContextMenu={(event: MouseEvent) => {
            event.preventDefault();
            onOpen(target.keys as SiteTextKey[]);
          }}
          aria-label={fill(t('site_text.edit_target'), { value: target.value.slice(0, 80), key: target.keys.join(', ') })}
          title={target.attribute ? `${target.keys.join(', ')} (${target.attribute})` : target.keys.join(', ')}
          sx={{
            position: 'fixed',
            zIndex: Z_INDEX,
            top: target.rect.top - 3,
            left: target.rect.left - 3,
            width: target.rect.width + 6,
            height: target.rect.height + 6,
            p: 0,
            m: 0,
            cursor: 'pointer',
            bgcolor: 'transparent',
            border: '2px dashed',
            borderColor: target.attribute ? 'info.main' : 'secondary.dark',
            borderRadius: 1,
            '&:hover, &:focus-visible': {
              bgcolor: 'rgba(242, 163, 65, 0.18)',
              borderStyle: 'solid',
              outline: '3px solid',
              outlineColor: 'primary.dark',
            },
          }}
        />
      ))}
    </Box>,
    document.body,
  );
}
