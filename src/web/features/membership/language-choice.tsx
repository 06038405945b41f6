import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type Ref } from 'react';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, type Language } from '../../../shared/domain/language';

/**
 * The language of a member's mail and documents (decision 150), at joining and in My Profile: each
 * named in itself. A plain radio group named "language", so a form posted before the script sends it.
 */
export function LanguageChoice({
  label,
  value,
  onChange,
  inputRef,
}: {
  label: string;
  value: Language;
  onChange: (language: Language) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        name="language"
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as Language)}
      >
        {LANGUAGES.map((language, i) => (
          <FormControlLabel
            key={language}
            value={language}
            control={<Radio slotProps={{ input: { ref: i === 0 ? inputRef : undefined } }} />}
            label={<span lang={LANGUAGE_TAGS[language]}>{LANGUAGE_NAMES[language]}</span>}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
