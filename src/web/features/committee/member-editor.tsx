import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { CommitteeMember } from '../../../shared/api/committee';
import { LanguageTabs } from '../../components/language-tabs';
import type { Language } from '../../../shared/domain/language';
import { ApiError, errorMessage } from '../../lib/api';
import { useSiteText } from '../../lib/site-text';
import { useSaveMember, useUploadImage } from './committee-edit-api';
import { memberForm, memberFormDefaults, type MemberFormInput, type MemberFormOutput } from './member-form';
import { MemberPhoto } from './member-photo';
import { useFormAction } from '../../lib/form-outcome';
import { localisedResolver } from '../../lib/localised-resolver';

const formFields = ['name', 'role', 'image', 'description', 'priority'] as const;
function isField(field: string | undefined): field is (typeof formFields)[number] {
  return (formFields as readonly (string | undefined)[]).includes(field);
}

export interface MemberEditorProps {
  /** The member to change; none for a new one. */
  member?: CommitteeMember;
  /** After a save (once the list has been fetched again) or a cancel. */
  onDone: () => void;
  /** Asks to delete the member; absent for a new, unsaved one, whose deletion is refused. */
  onDelete?: () => void;
}

/** Edit in place: photo upload, name, role, description and priority; save, cancel or delete. */
export function MemberEditor({ member, onDone, onDelete }: MemberEditorProps) {
  const formAction = useFormAction();
  const { t, language } = useSiteText();
  const save = useSaveMember();
  const [tab, setTab] = useState<Language>('en');
  const upload = useUploadImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const photoHelpId = useId();
  const [refusal, setRefusal] = useState(false);
  const schema = useMemo(() => memberForm(t('committee.priority_invalid')), [t]);

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<MemberFormInput, unknown, MemberFormOutput>({
    resolver: localisedResolver(zodResolver(schema), language),
    defaultValues: memberFormDefaults(member),
  });
  const image = useWatch({ control, name: 'image' });
  const name = useWatch({ control, name: 'name' });

  /** The tab with the first mistake shows: the Armenian one when only its fields are wrong. */
  function showMistakes(found: FieldErrors<MemberFormInput>) {
    if (found.role || found.description) setTab('en');
    else if (found.hy) setTab('hy');
  }

  function onSubmit(fields: MemberFormOutput) {
    setRefusal(false);
    save.mutate(
      { ...fields, _id: member?._id },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.fromServer && isField(error.field)) setError(error.field, { message: error.detail });
        },
      },
    );
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still uploads it.
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => setValue('image', url, { shouldDirty: true, shouldValidate: true }),
    });
  }

  const label = member ? t('committee.edit_form') : t('committee.new_form');
  const labelId = useId();
  const { ref: nameRef, ...nameField } = register('name');
  const { ref: roleRef, ...roleField } = register('role');
  const { ref: descriptionRef, ...descriptionField } = register('description');
  const { ref: priorityRef, ...priorityField } = register('priority');
  const { ref: roleHyRef, ...roleHyField } = register('hy.role');
  const { ref: descriptionHyRef, ...descriptionHyField } = register('hy.description');
  const busy = save.isPending || upload.isPending;

  return (
    <Paper
      component="form"
      method="post"
      action={formAction}
      aria-labelledby={labelId}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit, showMistakes)(event)}
      variant="outlined"
      sx={{
        height: '100%',
        px: { xs: 2.5, sm: 3 },
        py: 3,
        borderRadius: 3,
        borderColor: 'primary.main',
        borderWidth: 2,
        boxShadow: '0 6px 24px rgba(11, 79, 108, 0.12)',
      }}
    >
      <Stack spacing={2.25}>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography
            id={labelId}
            component="p"
            sx={{ color: 'primary.main', fontWeight: 700, fontSize: '0.8rem', letterSpacing: '0.1em', textTransform: 'uppercase' }}
          >
            {label}
          </Typography>
          <Box
            sx={{ width: 112, borderRadius: '50%', overflow: 'hidden', boxShadow: '0 0 0 4px #ffffff, 0 0 0 6px rgba(242, 163, 65, 0.7)' }}
          >
            <MemberPhoto src={image} name={name || label} />
          </Box>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg"
            hidden
            onChange={onFile}
            aria-label={t('committee.upload_photo')}
          />
          <Button
            variant="outlined"
            size="small"
            startIcon={<PhotoCameraOutlinedIcon />}
            loading={upload.isPending}
            disabled={save.isPending}
            onClick={() => fileInput.current?.click()}
            aria-describedby={photoHelpId}
          >
            {image ? t('committee.change_photo') : t('committee.upload_photo')}
          </Button>
          <FormHelperText id={photoHelpId} error={Boolean(errors.image)} sx={{ mt: '4px !important' }}>
            {errors.image?.message ?? t('committee.photo_types')}
          </FormHelperText>
          {upload.isError && (
            <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
              {errorMessage(upload.error, t('error.generic'))}
            </Alert>
          )}
        </Stack>

        {save.isError && <Alert severity="error">{errorMessage(save.error, t('error.generic'))}</Alert>}
        {refusal && <Alert severity="info">{t('committee.delete_unsaved')}</Alert>}

        <TextField
          {...nameField}
          inputRef={nameRef}
          label={t('committee.field.name')}
          required
          fullWidth
          autoFocus
          size="small"
          error={Boolean(errors.name)}
          helperText={errors.name?.message}
        />
        {/* The role and description in English and, on the other tab, in Armenian (decision 180). */}
        <LanguageTabs
          value={tab}
          onChange={setTab}
          spacing={2.25}
          english={
            <>
              <TextField
                {...roleField}
                inputRef={roleRef}
                label={t('committee.field.role')}
                required
                fullWidth
                size="small"
                error={Boolean(errors.role)}
                helperText={errors.role?.message}
              />
              <TextField
                {...descriptionField}
                inputRef={descriptionRef}
                label={t('committee.field.description')}
                multiline
                minRows={3}
                maxRows={10}
                fullWidth
                size="small"
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
              <TextField
                {...roleHyField}
                inputRef={roleHyRef}
                label={`${t('content.language.hy')}: ${t('committee.field.role')}`}
                fullWidth
                size="small"
                error={Boolean(errors.hy?.role)}
                helperText={errors.hy?.role && t('content.hy_needs_title')}
                slotProps={{ htmlInput: { lang: 'hy' } }}
              />
              <TextField
                {...descriptionHyField}
                inputRef={descriptionHyRef}
                label={`${t('content.language.hy')}: ${t('committee.field.description')}`}
                multiline
                minRows={3}
                maxRows={10}
                fullWidth
                size="small"
                error={Boolean(errors.hy?.description)}
                helperText={errors.hy?.description?.message}
                slotProps={{ htmlInput: { lang: 'hy' } }}
              />
            </>
          }
        />
        <TextField
          {...priorityField}
          inputRef={priorityRef}
          label={t('committee.field.priority')}
          size="small"
          error={Boolean(errors.priority)}
          helperText={errors.priority?.message ?? t('committee.priority_help')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 200 }}
        />

        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', pt: 0.5 }}>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={upload.isPending}>
            {t('action.save')}
          </Button>
          <Button onClick={onDone} disabled={busy}>
            {t('action.cancel')}
          </Button>
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            disabled={busy}
            // docs/product.md: deleting a new, unsaved member is refused, with the reason.
            onClick={onDelete ?? (() => setRefusal(true))}
            sx={{ ml: 'auto' }}
          >
            {t('action.delete')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
