import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** How long typing pauses before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box that reports what was typed once typing pauses. `value` is the search in force
 * (from the URL); when it changes from outside (back, forward) the box follows it.
 */
export function SearchField({
  label,
  value,
  onSearch,
  width = 320,
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
  width?: number;
}) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // Adjusting state while rendering (React's advice over an effect); the trimmed comparison keeps
  // a space being typed between two words.
  if (value !== applied) {
    setApplied(value);
    if (value !== text.trim()) setText(value);
  }

  const report = useEffectEvent((search: string) => onSearch(search));
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const search = text.trim();
    if (search === value) return;
    pending.current = setTimeout(() => report(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(pending.current);
  }, [text, value]);
  // Leaving the box applies the search at once: someone who typed and straight away opened a
  // result is not taken back to the list when the pause runs out (that later change of address
  // would replace the page they asked for).
  const applyNow = () => {
    clearTimeout(pending.current);
    if (text.trim() !== value) onSearch(text.trim());
  };

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={applyNow}
      sx={{ width: { xs: '100%', sm: width } }}
      slotProps={{
        htmlInput: { maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
