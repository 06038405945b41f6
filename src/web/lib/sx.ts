import type { SxProps, Theme } from '@mui/material/styles';

type SxList = Extract<SxProps<Theme>, readonly unknown[]>;

function isList(sx: SxProps<Theme>): sx is SxList {
  return Array.isArray(sx);
}

/** A caller's `sx` as a list, to spread after a component's own styles (MUI's pattern, typed). */
export function sxList(sx: SxProps<Theme> | undefined): SxList {
  if (sx === undefined) return [];
  return isList(sx) ? sx : [sx];
}
