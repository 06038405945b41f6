import TextField from '@mui/material/TextField';
import type { ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { useSiteText } from '../../lib/site-text';
import { STUDENT_YEAR_ERROR } from './student-year';

/**
 * A Student's graduation year, as registration and the account's details both ask it: four
 * digits become a number, an empty box null, anything else stays text for the schema to refuse.
 */
export function GradYearField<T extends FieldValues, N extends FieldPath<T>>({
  field,
  fieldState,
  placeholder,
  required = false,
}: {
  field: ControllerRenderProps<T, N>;
  fieldState: ControllerFieldState;
  placeholder?: string;
  required?: boolean;
}) {
  const { t } = useSiteText();
  const { error } = fieldState;
  // The student tier's rule and the server's refusals say what is wrong in their own words.
  const message =
    error && (error.type === STUDENT_YEAR_ERROR || !error.type) && error.message ? error.message : t('register.grad_year_invalid');
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      value={field.value ?? ''}
      onChange={(e) => {
        const v = e.target.value.trim();
        field.onChange(v === '' ? null : /^\d{1,4}$/.test(v) ? Number(v) : e.target.value);
      }}
      label={t('register.grad_year')}
      fullWidth
      placeholder={placeholder}
      required={required}
      error={Boolean(error)}
      helperText={error ? message : undefined}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
    />
  );
}
