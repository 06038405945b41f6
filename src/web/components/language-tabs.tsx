import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, type ReactNode } from 'react';
import { LANGUAGE_NAMES, type Language } from '../../shared/domain/language';
import { useSiteText } from '../lib/site-text';

/**
 * The editors' English and Armenian versions of the same fields, one tab each (decision 180). Both
 * stay mounted, so what was typed (and a rich-text editor's state) survives a change of tab; only
 * the chosen one shows. The English tab is named as the language switch names it.
 */
export function LanguageTabs({
  value,
  onChange,
  english,
  armenian,
  spacing = 2.5,
}: {
  value: Language;
  onChange: (language: Language) => void;
  english: ReactNode;
  armenian: ReactNode;
  spacing?: number;
}) {
  const { t } = useSiteText();
  const id = useId();
  const panel = (language: Language, children: ReactNode) => (
    // `hidden` alone loses to the Stack's own display: the chosen panel is the only one displayed.
    <Box
      role="tabpanel"
      id={`${id}-panel-${language}`}
      aria-labelledby={`${id}-tab-${language}`}
      hidden={value !== language}
      sx={{ display: value === language ? 'block' : 'none' }}
    >
      <Stack spacing={spacing}>{children}</Stack>
    </Box>
  );
  return (
    <Stack spacing={spacing}>
      <Tabs value={value} onChange={(_event, chosen: Language) => onChange(chosen)} aria-label={t('content.languages')}>
        <Tab value="en" label={LANGUAGE_NAMES.en} id={`${id}-tab-en`} aria-controls={`${id}-panel-en`} />
        <Tab value="hy" label={t('content.language.hy')} id={`${id}-tab-hy`} aria-controls={`${id}-panel-hy`} />
      </Tabs>
      {panel('en', english)}
      {panel('hy', armenian)}
    </Stack>
  );
}
