import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { sxList } from '../../lib/sx';

/** A member's photo (alt text: the name), or a plain silhouette when there is none. */
export function MemberPhoto({
  src,
  name,
  size,
  square = false,
  sx,
}: {
  src: string;
  name: string;
  size: number;
  /** Rounded square (the dialog) rather than a circle (the cards). */
  square?: boolean;
  sx?: SxProps<Theme>;
}) {
  const shape = { width: size, height: size, flexShrink: 0, borderRadius: square ? 3 : '50%' };
  const ring = { boxShadow: '0 0 0 4px #ffffff, 0 0 0 6px rgba(242, 163, 65, 0.7)' };
  if (!src) {
    return (
      <Box
        aria-hidden
        sx={[
          { ...shape, ...ring, display: 'grid', placeItems: 'center', bgcolor: 'rgba(11, 79, 108, 0.1)', color: 'primary.main' },
          ...sxList(sx),
        ]}
      >
        <PersonOutlinedIcon sx={{ fontSize: size * 0.5 }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={name}
      loading="lazy"
      width={size}
      height={size}
      sx={[{ ...shape, ...ring, objectFit: 'cover', bgcolor: 'rgba(11, 79, 108, 0.1)' }, ...sxList(sx)]}
    />
  );
}
