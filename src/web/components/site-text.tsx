import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ElementType } from 'react';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { isAdmin, useSession } from '../lib/session';
import { useSiteText } from '../lib/site-text';
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
 * Shows a site text in an element that names its key, so the admin's right-click (and the edit
 * mode) know exactly which text it is, even where other keys have the same words.
 */
export function SiteText({ k, as = 'span', lang, sx }: SiteTextProps) {
  const { peek } = useSiteText();
  const editable = isAdmin(useSession());
  return (
    <Box
      component={as}
      lang={lang}
      data-site-text={k}
      // Line breaks typed into the prompt are kept, so an admin can write paragraphs.
      sx={[{ whiteSpace: 'pre-line' }, editable && editableSx, ...sxList(sx)]}
    >
      {peek(k)}
    </Box>
  );
}
