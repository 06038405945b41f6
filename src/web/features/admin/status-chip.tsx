import Chip from '@mui/material/Chip';

export type StatusTone = 'success' | 'warning' | 'error' | 'neutral';

// Text colours darker than MUI's defaults: the outlined warning and success chips fall short of AA.
const tones: Record<StatusTone, { color: string; bg: string }> = {
  success: { color: '#1b5e20', bg: '#edf7ee' },
  warning: { color: '#7a4100', bg: '#fff4e5' },
  error: { color: '#b0000e', bg: '#fdecee' },
  neutral: { color: '#3d4753', bg: '#f0f2f5' },
};

/** A status in words on a tinted chip; the colour only repeats what the text says. */
export function StatusChip({ label, tone }: { label: string; tone: StatusTone }) {
  const { color, bg } = tones[tone];
  return <Chip size="small" variant="outlined" label={label} sx={{ color, bgcolor: bg, borderColor: color, fontWeight: 600 }} />;
}
