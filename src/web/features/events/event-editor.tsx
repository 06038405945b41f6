import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { eventForm, type AdminEventRecord, type EventFormInput, type EventRecord } from '../../../shared/api/events';
import Skeleton from '@mui/material/Skeleton';
import { LanguageTabs } from '../../components/language-tabs';
import { LoadError } from '../../components/load-error';
import type { Language } from '../../../shared/domain/language';
import { PictureField } from '../../components/picture-field';
import { LoadingRegion } from '../../components/loading-region';
import { poundsDecimal } from '../../../shared/domain/money';
import { toLondonLocal } from '../../../shared/domain/london-time';
import { ApiError, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { useAdminEvent } from './events-api';
import { useSaveEvent } from './events-edit-api';
import { useFormAction } from '../../lib/form-outcome';
import { localisedResolver } from '../../lib/localised-resolver';
import { useWords } from '../../lib/words';
import { eventsWords } from './events-words';

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

/** Edit in place: an existing event is first read as the admin sees it (with its online link). */
export function EventEditor({ event, onDone, onDelete }: EventEditorProps) {
  const { t } = useSiteText();
  const full = useAdminEvent(event?._id);
  if (!event) return <EventEditorForm onDone={onDone} />;
  if (full.isPending)
    return (
      <LoadingRegion>
        <Skeleton variant="rounded" height={320} />
      </LoadingRegion>
    );
  if (full.isError) return <LoadError message={t('events.load_failed')} error={full.error} onRetry={() => void full.refetch()} />;
  return <EventEditorForm event={full.data} onDone={onDone} onDelete={onDelete} />;
}

/** Title, a minute-precision London date-time, description and the booking details; save or cancel. */
function EventEditorForm({ event, onDone, onDelete }: Omit<EventEditorProps, 'event'> & { event?: AdminEventRecord }) {
  const formAction = useFormAction();
  const { t, language } = useSiteText();
  const w = useWords(eventsWords);
  const save = useSaveEvent();
  const [tab, setTab] = useState<Language>('en');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EventFormInput, unknown, EventFields>({
    resolver: localisedResolver(zodResolver(eventForm), language),
    defaultValues: formValues(event),
  });

  /** The tab with the first mistake shows: the Armenian one when only its fields are wrong. */
  function showMistakes(found: FieldErrors<EventFormInput>) {
    if (found.title || found.description) setTab('en');
    else if (found.hy) setTab('hy');
  }

  function onSubmit(fields: EventFields) {
    save.mutate(
      { ...fields, _id: event?._id },
      {
        onSuccess: onDone,
        onError: (error) => {
          const field = error instanceof ApiError && error.fromServer ? formField(error.field) : undefined;
          if (field) setError(field, { message: (error as ApiError).detail });
        },
      },
    );
  }

  const image = useWatch({ control, name: 'image' });
  const label = event ? t('events.edit_form') : t('events.new_form');
  const labelId = useId();
  const { ref: titleRef, ...titleField } = register('title');
  const { ref: datedRef, ...datedField } = register('dated');
  const { ref: descriptionRef, ...descriptionField } = register('description');
  /** A text field of the details, registered, with its error. */
  const detail = (name: DetailField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => {
    const { ref, ...field } = register(name);
    return (
      <TextField
        {...field}
        inputRef={ref}
        label={label}
        fullWidth
        error={Boolean(errors[name])}
        helperText={errors[name]?.message}
        {...extra}
      />
    );
  };
  /** A field of the Armenian version, named with its language. */
  const armenian = (
    name: 'title' | 'description' | 'venue_name' | 'venue_address',
    label: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => {
    const { ref, ...field } = register(`hy.${name}`);
    return (
      <TextField
        {...field}
        inputRef={ref}
        label={`${t('content.language.hy')}: ${label}`}
        fullWidth
        error={Boolean(errors.hy?.[name])}
        helperText={errors.hy?.[name]?.message}
        {...extra}
      />
    );
  };
  const when = { type: 'datetime-local', slotProps: { inputLabel: { shrink: true }, htmlInput: { step: 60 } } } as const;

  return (
    <Box
      component="form"
      method="post"
      action={formAction}
      aria-labelledby={labelId}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit, showMistakes)(event)}
    >
      <Stack spacing={2.5}>
        <Typography id={labelId} component="p" sx={editorLabelSx}>
          {label}
        </Typography>
        {save.isError && <Alert severity="error">{errorMessage(save.error, t('error.generic'))}</Alert>}
        {/* The words in English and, on the other tab, in Armenian (decision 180). */}
        <LanguageTabs
          value={tab}
          onChange={setTab}
          english={
            <>
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
            </>
          }
          armenian={
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('content.hy_optional')}
              </Typography>
              <Grid container spacing={2}>
                <Grid size={12}>
                  {armenian('title', t('events.field.title'), {
                    helperText: errors.hy?.title?.message && t('content.hy_needs_title'),
                    slotProps: { htmlInput: { lang: 'hy' } },
                  })}
                </Grid>
                <Grid size={12}>
                  {armenian('description', t('events.field.description'), {
                    multiline: true,
                    minRows: 3,
                    maxRows: 12,
                    slotProps: { htmlInput: { lang: 'hy' } },
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {armenian('venue_name', t('events.field.venue_name'), {
                    helperText: errors.hy?.venue_name?.message ?? t('content.hy_venue_help'),
                    slotProps: { htmlInput: { lang: 'hy' } },
                  })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {armenian('venue_address', t('events.field.venue_address'), {
                    multiline: true,
                    minRows: 2,
                    helperText: errors.hy?.venue_address?.message ?? t('content.hy_venue_help'),
                    slotProps: { htmlInput: { lang: 'hy' } },
                  })}
                </Grid>
              </Grid>
            </>
          }
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
        <Typography component="p" sx={{ ...editorLabelSx, pt: 1 }}>
          {t('events.field.details')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{detail('end_dated', t('events.field.end_dated'), when)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{detail('venue_name', t('events.field.venue_name'))}</Grid>
          <Grid size={12}>{detail('venue_address', t('events.field.venue_address'), { multiline: true, minRows: 2 })}</Grid>
          <Grid size={12}>
            {detail('online_url', t('events.field.online_url'), {
              type: 'url',
              helperText: errors.online_url?.message ?? t('events.field.online_url_help'),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {detail('capacity', t('events.field.capacity'), {
              type: 'number',
              helperText: errors.capacity?.message ?? t('events.field.capacity_help'),
              slotProps: { htmlInput: { min: 1, step: 1 } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{detail('booking_opens', t('events.field.booking_opens'), when)}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{detail('booking_closes', t('events.field.booking_closes'), when)}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {detail('member_price', t('events.field.member_price'), {
              inputMode: 'decimal',
              helperText: errors.member_price?.message ?? t('events.field.price_help'),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            {detail('price', t('events.field.price'), {
              inputMode: 'decimal',
              helperText: errors.price?.message ?? t('events.field.price_help'),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{detail('cpd_hours', t('events.field.cpd_hours'), { inputMode: 'decimal' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {detail('cancel_cutoff_days', t('events.field.cancel_cutoff_days'), {
              type: 'number',
              helperText: errors.cancel_cutoff_days?.message ?? t('events.field.cancel_cutoff_help'),
              slotProps: { htmlInput: { min: 0, step: 1 } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControlLabel control={<Checkbox {...register('members_only')} />} label={t('events.field.members_only')} />
          </Grid>
        </Grid>
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <PictureField
              label={t('editor.image')}
              help={t('events.field.image_help')}
              error={fieldState.error?.message}
              value={field.value ?? ''}
              onChange={field.onChange}
              uploadLabel={t('editor.image_upload')}
              clearLabel={t('editor.image_remove')}
            />
          )}
        />
        {image &&
          detail('image_alt', t('editor.image_alt'), {
            multiline: true,
            helperText: errors.image_alt?.message ?? t('editor.image_alt_help'),
            slotProps: { htmlInput: { maxLength: 300 } },
          })}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('action.save')}
          </Button>
          <Button onClick={onDone} disabled={save.isPending}>
            {t('action.cancel')}
          </Button>
          {event && (
            <Button component={RouterLink} to={`/admin/events/${event._id}`} disabled={save.isPending}>
              {w.bookingsAndCheckIn}
            </Button>
          )}
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

type EventFields = Parameters<ReturnType<typeof useSaveEvent>['mutate']>[0];
type DetailField = Exclude<keyof EventFormInput, 'title' | 'dated' | 'description' | 'members_only' | 'image' | 'hy'>;

/** The form's values: text as typed, prices in pounds; a new event has none of the details. */
function formValues(event: AdminEventRecord | undefined): EventFormInput {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    title: event?.title ?? '',
    dated: event?.dated ?? defaultDated(),
    description: event?.description ?? '',
    end_dated: text(event?.end_dated),
    venue_name: text(event?.venue_name),
    venue_address: text(event?.venue_address),
    online_url: text(event?.online_url),
    capacity: text(event?.capacity),
    booking_opens: text(event?.booking_opens),
    booking_closes: text(event?.booking_closes),
    member_price: event?.member_price_pence ? poundsDecimal(event.member_price_pence) : '',
    price: event?.price_pence ? poundsDecimal(event.price_pence) : '',
    members_only: event?.members_only ?? false,
    cpd_hours: text(event?.cpd_hours),
    cancel_cutoff_days: text(event?.cancel_cutoff_days ?? 7),
    image: event?.image ?? '',
    image_alt: event?.image_alt ?? '',
    hy: {
      title: event?.hy?.title ?? '',
      description: event?.hy?.description ?? '',
      venue_name: text(event?.hy?.venue_name),
      venue_address: text(event?.hy?.venue_address),
    },
  };
}

/** The form field a server's 400 names (prices are in pounds in the form). */
function formField(field: string | undefined): keyof EventFormInput | undefined {
  if (field === 'member_price_pence') return 'member_price';
  if (field === 'price_pence') return 'price';
  const fields = Object.keys(formValues(undefined));
  return field && fields.includes(field) ? (field as keyof EventFormInput) : undefined;
}
