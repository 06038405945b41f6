import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSiteText } from '../../../lib/site-text';
import { addCategory, categorySuggestions, splitOnComma, type Suggestion } from './category-suggestions';

type Props = {
  value: string[];
  onChange: (categories: string[]) => void;
  /** Every category in use, for suggestions. */
  known: string[];
  error?: string;
  /** The field's label and help (the Armenian categories name their language, decision 180). */
  label?: string;
  help?: string;
};

/**
 * docs/product.md section 5, categories input: Enter or a trailing comma adds, duplicates are not added,
 * suggestions start with the typed text, 'add "text"' when nothing matches, Backspace in the
 * empty input removes the last category.
 */
export function CategoriesInput({ value, onChange, known, error, label: fieldLabel, help }: Props) {
  const { t } = useSiteText();
  const name = fieldLabel ?? t('editor.categories');
  const [input, setInput] = useState('');
  const suggestions = categorySuggestions(known, value, input);

  const add = (text: string) => onChange(addCategory(value, text));
  const label = (option: Suggestion | string) =>
    typeof option === 'string'
      ? option
      : option.kind === 'add'
        ? t('editor.add_category').replace('{text}', option.category)
        : option.category;

  return (
    <Stack spacing={1}>
      <Autocomplete<Suggestion, false, false, true>
        freeSolo
        options={suggestions}
        filterOptions={(options) => options}
        getOptionLabel={label}
        value={null}
        inputValue={input}
        clearOnBlur={false}
        onInputChange={(_event, text, reason) => {
          // After a choice the input empties; MUI would otherwise put the option's label in it.
          if (reason === 'reset') return;
          const { complete, rest } = splitOnComma(text);
          if (complete.length) onChange(complete.reduce(addCategory, value));
          setInput(rest);
        }}
        onChange={(_event, option) => {
          if (option === null) return;
          add(typeof option === 'string' ? option : option.category);
          setInput('');
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={name}
            helperText={error ?? help ?? t('editor.categories_help')}
            error={Boolean(error)}
            onKeyDown={(event) => {
              // Enter adds the category (MUI handles it); it must not also submit the article.
              if (event.key === 'Enter') event.preventDefault();
              if (event.key === 'Backspace' && input === '' && value.length > 0) onChange(value.slice(0, -1));
            }}
          />
        )}
      />
      {value.length > 0 && (
        <Stack
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap' }}
          component="ul"
          aria-label={name}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {value.map((category) => (
            <li key={category}>
              <Chip label={category} onDelete={() => onChange(value.filter((c) => c !== category))} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
