import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { eventFields, type EventFields, type EventRecord } from '../../../shared/api/events';
import { toLondonLocal } from '../../../shared/domain/london-time';
import { ApiError, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { useSaveEvent } from './events-api';

/** A new event starts a week ahead at 18:30, a typical evening lecture; the admin changes it. */
function defaultDated(): string {
  const day = toLondonLocal(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)).slice(0, 10);
  return `${day}T18:30`;
}

export interface EventEditorProps {
  /** The event to change; none for a new one. */
  event?: EventRecord;
  /** After a save (once the list has been fetched again) or a cancel. */
  onDone: () => void;
  /** Asks to delete the event (existing events only). */
  onDelete?: () => void;
}

/** Edit in place: title, a minute-precision London date-time and description; save or cancel. */
export function EventEditor({ event, onDone, onDelete }: EventEditorProps) {
  const { t } = useSiteText();
  const save = useSaveEvent();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EventFields>({
    resolver: zodResolver(eventFields),
    defaultValues: event
      ? { title: event.title, dated: event.dated, description: event.description }
      : { title: '', dated: defaultDated(), description: '' },
  });

  function onSubmit(fields: EventFields) {
    save.mutate(
      { ...fields, _id: event?._id },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.fromServer && isField(error.field)) {
            setError(error.field, { message: error.detail });
          }
        },
      },
    );
  }

  const label = event ? t('events.edit_form') : t('events.new_form');
  const labelId = useId();
  const { ref: titleRef, ...titleField } = register('title');
  const { ref: datedRef, ...datedField } = register('dated');
  const { ref: descriptionRef, ...descriptionField } = register('description');

  return (
    <Box component="form" aria-labelledby={labelId} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack spacing={2.5}>
        <Typography id={labelId} component="p" sx={editorLabelSx}>
          {label}
        </Typography>
        {save.isError && <Alert severity="error">{errorMessage(save.error, t('error.generic'))}</Alert>}
        <TextField
          {...titleField}
          inputRef={titleRef}
          label={t('events.field.title')}
          required
          fullWidth
          autoFocus
          error={Boolean(errors.title)}
          helperText={errors.title?.message}
        />
        <TextField
          {...datedField}
          inputRef={datedRef}
          type="datetime-local"
          label={t('events.field.dated')}
          required
          error={Boolean(errors.dated)}
          helperText={errors.dated?.message}
          sx={{ maxWidth: { sm: 320 } }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
        />
        <TextField
          {...descriptionField}
          inputRef={descriptionRef}
          label={t('events.field.description')}
          multiline
          minRows={3}
          maxRows={12}
          fullWidth
          error={Boolean(errors.description)}
          helperText={errors.description?.message}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('action.save')}
          </Button>
          <Button onClick={onDone} disabled={save.isPending}>
            {t('action.cancel')}
          </Button>
          {onDelete && (
            <Button
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={onDelete}
              disabled={save.isPending}
              sx={{ ml: 'auto !important' }}
            >
              {t('action.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

/** The small caps line that says which form this is. */
export const editorLabelSx = {
  color: 'primary.main',
  fontWeight: 700,
  fontSize: '0.8rem',
  letterSpacing: '0.1em',
  textTransform: 'uppercase',
} as const;

function isField(field: string | undefined): field is keyof EventFields {
  return field === 'title' || field === 'dated' || field === 'description';
}
