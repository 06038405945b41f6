import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { useSiteText } from '../lib/site-text';

export type MissingField = { name: string; label: string; message: string };

/**
 * What a form still needs, said when its button is pressed (the button never waits disabled,
 * which tells nobody why): each field by its label and what is wrong, a link to it.
 */
export function MissingFields({ fields, sx }: { fields: MissingField[]; sx?: SxProps<Theme> }) {
  const { t } = useSiteText();
  if (fields.length === 0) return null;
  return (
    <Alert severity="error" role="alert" sx={sx} data-testid="missing-fields">
      <AlertTitle>{t('form.missing')}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25em' }}>
        {fields.map((field) => (
          <li key={field.name}>
            <Link
              href={`#${field.name}`}
              color="inherit"
              onClick={(event) => {
                // The field by its name (focusing it scrolls it into view): ids belong to the inputs' own labels.
                event.preventDefault();
                const input = document.getElementsByName(field.name)[0];
                input?.focus();
              }}
            >
              {field.label}
            </Link>
            : {field.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
