import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ElementType, MouseEvent } from 'react';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { isAdmin, useSession } from '../lib/session';
import { useSiteText } from '../lib/site-text';
import { useOpenSiteTextEditor } from './site-text-editor';
import { sxList } from '../lib/sx';

export interface SiteTextProps {
  /** The site-text key whose current value is shown. */
  k: SiteTextKey;
  /** The element to render (default span). */
  as?: ElementType;
  lang?: string;
  sx?: SxProps<Theme>;
}

const editableSx = {
  cursor: 'context-menu',
  borderRadius: 0.5,
  '&:hover': { outline: '2px dashed', outlineColor: 'secondary.main', outlineOffset: 2 },
} satisfies SxProps<Theme>;

/**
 * Shows an editable site text. For the admin, right-clicking it opens the prompt to change it
 * (SPEC: "Right-clicking any site text as admin opens a prompt with its key").
 */
export function SiteText({ k, as = 'span', lang, sx }: SiteTextProps) {
  const { t } = useSiteText();
  const session = useSession();
  const openEditor = useOpenSiteTextEditor();
  const editable = isAdmin(session) && openEditor !== null;

  function onContextMenu(event: MouseEvent) {
    event.preventDefault();
    event.stopPropagation();
    openEditor?.(k);
  }

  return (
    <Box
      component={as}
      lang={lang}
      onContextMenu={editable ? onContextMenu : undefined}
      // Line breaks typed into the prompt are kept, so an admin can write paragraphs.
      sx={[{ whiteSpace: 'pre-line' }, editable && editableSx, ...sxList(sx)]}
    >
      {t(k)}
    </Box>
  );
}
