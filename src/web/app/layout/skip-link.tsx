import { styled } from '@mui/material/styles';
import { useSiteText } from '../../lib/site-text';

export const MAIN_CONTENT_ID = 'main-content';

const Link = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(1),
  top: theme.spacing(1),
  zIndex: theme.zIndex.tooltip + 1,
  padding: theme.spacing(1, 2),
  borderRadius: theme.shape.borderRadius,
  background: theme.palette.primary.dark,
  color: theme.palette.primary.contrastText,
  fontWeight: 600,
  // Off screen until a keyboard user reaches it.
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none' },
}));

export function SkipLink() {
  const { t } = useSiteText();
  return <Link href={`#${MAIN_CONTENT_ID}`}>{t('skip_to_content')}</Link>;
}
