import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  GIFT_AID_NEEDS_NUMBER,
  settingFields,
  settingSchemas,
  type SettingField,
  type Settings,
  type SettingsUpdate,
} from '../../../shared/api/settings';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { Panel } from '../../components/panel';
import { SocialPage } from '../../components/social-page';
import { ApiError, errorMessage } from '../../lib/api';
import { AdminSection } from './admin-section';
import { PictureField } from '../../components/picture-field';
import { useSaveSettings, useSettings } from './site-admin-api';
import { useFormAction } from '../../lib/form-outcome';
import { useLanguage } from '../../lib/language';
import { useWords } from '../../lib/words';
import { armenianMessage } from '../../../shared/domain/messages-hy';
import { settingsWords } from './settings-words';

type Values = Record<SettingField, string> & { gift_aid_enabled: boolean };
type Errors = Partial<Record<SettingField | 'gift_aid_enabled', string>>;

const valuesOf = (settings: Settings): Values => {
  const { pages: _pages, ...values } = settings;
  return values;
};

/** The association's identity, contact, pages and footer, and the Gift Aid switch. */
export function SettingsPage() {
  const w = useWords(settingsWords);
  const settings = useSettings();
  const [saved, setSaved] = useState(false);
  // Here, not in the form: a save remounts the form, and a mutation's callbacks need a mounted owner.
  const save = useSaveSettings();
  return (
    <AdminSection title={w.title} intro={w.intro}>
      {settings.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={320} />
        </LoadingRegion>
      ) : settings.isError ? (
        <LoadError message={w.loadFailed} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        // Keyed by what was saved, so the form starts again from the saved values after a save.
        <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} save={save} saved={saved} onSaved={setSaved} />
      )}
    </AdminSection>
  );
}

function SettingsForm({
  settings,
  save,
  saved,
  onSaved,
}: {
  settings: Settings;
  save: ReturnType<typeof useSaveSettings>;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const w = useWords(settingsWords);
  const language = useLanguage();
  // The schemas' messages, in Armenian on an Armenian page (decision 190).
  const say = (message: string | undefined) => (message && language === 'hy' && armenianMessage(message)) || message;
  const formAction = useFormAction();
  const initial = valuesOf(settings);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    onSaved(false);
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    // The same validators as the server's; only what changed is sent.
    const change: SettingsUpdate = {};
    const found: Errors = {};
    for (const field of settingFields) {
      if (values[field] === initial[field]) continue;
      const parsed = settingSchemas[field].safeParse(values[field]);
      if (parsed.success) change[field] = parsed.data;
      else found[field] = say(parsed.error.issues[0]?.message);
    }
    if (values.gift_aid_enabled !== initial.gift_aid_enabled) change.gift_aid_enabled = values.gift_aid_enabled;
    if (values.gift_aid_enabled && !values.charity_number.trim()) found.gift_aid_enabled = say(GIFT_AID_NEEDS_NUMBER);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(change).length === 0) {
      onSaved(true);
      return;
    }
    save.mutate(change, {
      onSuccess: () => onSaved(true),
      onError: (error) => {
        if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.detail.replace(`${error.field}: `, '') });
      },
    });
  }

  const field = (name: SettingField, label: string, help: ReactNode, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? help}
      fullWidth
      {...extra}
    />
  );
  const noNumber = !values.charity_number.trim();
  const serverError = save.isError && !(save.error instanceof ApiError && save.error.field) ? errorMessage(save.error, w.saveFailed) : null;

  return (
    <Box component="form" method="post" action={formAction} onSubmit={submit} noValidate aria-label={w.form}>
      <Stack spacing={3}>
        <Panel labelledBy="settings-identity">
          <PanelHeading id="settings-identity">{w.association}</PanelHeading>
          <Stack spacing={2.5}>
            {field('site_name', w.siteName, w.siteNameHelp, {
              required: true,
            })}
            {field('site_short_name', w.shortName, w.shortNameHelp, {
              required: true,
              sx: { maxWidth: 360 },
            })}
            <PictureField
              label={w.logo}
              help={w.logoHelp}
              value={values.logo_url}
              error={errors.logo_url}
              onChange={(url) => set('logo_url', url)}
              uploadLabel={w.uploadLogo}
              clearLabel={w.builtInMark}
              preview={(src) => <HeaderPreview src={src} name={values.site_name} shortName={values.site_short_name} />}
            />
            <PictureField
              label={w.shareImage}
              help={w.shareImageHelp}
              value={values.share_image_url}
              error={errors.share_image_url}
              onChange={(url) => set('share_image_url', url)}
              uploadLabel={w.uploadShareImage}
              clearLabel={w.removeShareImage}
            />
            <PictureField
              label={w.heroImage}
              help={w.heroImageHelp}
              value={values.hero_image_url}
              error={errors.hero_image_url}
              onChange={(url) => set('hero_image_url', url)}
              uploadLabel={w.uploadHeroImage}
              clearLabel={w.plainColour}
            />
          </Stack>
        </Panel>

        <Panel labelledBy="settings-contact">
          <PanelHeading id="settings-contact">{w.contact}</PanelHeading>
          <Stack spacing={2.5}>
            {field('contact_email', w.contactEmail, w.contactEmailHelp, {
              type: 'email',
            })}
            {field('social_media_url', w.socialPage, w.socialPageHelp, { type: 'url' })}
            {field('social_button_label', w.buttonText, w.buttonTextHelp, {
              sx: { maxWidth: 480 },
            })}
            {values.social_media_url.trim() && !errors.social_media_url && (
              <Box>
                <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
                  {w.preview}
                </Typography>
                <Box sx={{ maxWidth: 560 }}>
                  <SocialPage url={values.social_media_url.trim()} buttonLabel={values.social_button_label} preview />
                </Box>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                  {w.previewNote}{' '}
                  {/* A full page load on purpose: the page's security policy names the frame's origin only when it is served. */}
                  <Link href="/#contact" underline="always">
                    {w.seeOnHome}
                  </Link>
                </Typography>
              </Box>
            )}
          </Stack>
        </Panel>

        <Panel labelledBy="settings-charity" sx={{ scrollMarginTop: 96 }}>
          <Box id="gift-aid" />
          <PanelHeading id="settings-charity">{w.charity}</PanelHeading>
          <Stack spacing={2}>
            {field('charity_number', w.charityNumber, w.charityNumberHelp, {
              sx: { maxWidth: 360 },
            })}
            {field('postal_address', w.postalAddress, w.postalAddressHelp, { multiline: true, minRows: 3 })}
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.gift_aid_enabled && !noNumber}
                    disabled={noNumber}
                    onChange={(e) => set('gift_aid_enabled', e.target.checked)}
                  />
                }
                label={w.offerGiftAid}
              />
              <FormHelperText error={Boolean(errors.gift_aid_enabled)}>
                {errors.gift_aid_enabled ?? (noNumber ? w.giftAidNeedsNumber : w.giftAidExplained)}
              </FormHelperText>
              <Typography variant="body2" sx={{ mt: 1 }}>
                <Link component={RouterLink} to="/admin/gift-aid">
                  {w.giftAidLink}
                </Link>
              </Typography>
            </Box>
          </Stack>
        </Panel>

        <Panel labelledBy="settings-pages">
          <PanelHeading id="settings-pages">{w.pages}</PanelHeading>
          <Typography sx={{ color: 'text.secondary', mb: 2.5 }}>{w.pagesIntro}</Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5}>
            <PageChoice
              label={w.aboutPage}
              help={w.aboutPageHelp}
              value={values.about_article_id}
              pages={settings.pages}
              error={errors.about_article_id}
              onChange={(id) => set('about_article_id', id)}
            />
            <PageChoice
              label={w.privacyPage}
              help={w.privacyPageHelp}
              value={values.privacy_article_id}
              pages={settings.pages}
              error={errors.privacy_article_id}
              onChange={(id) => set('privacy_article_id', id)}
            />
          </Stack>
          {settings.pages.length === 0 ? (
            <Typography sx={{ mt: 2 }}>{w.noPages}</Typography>
          ) : (
            <Box component="ul" sx={{ mt: 2.5, mb: 0, pl: 2.5 }} aria-label={w.sitePages}>
              {settings.pages.map((page) => (
                <li key={page._id}>
                  <Link component={RouterLink} to={`/article/${encodeURIComponent(page._id)}`}>
                    {page.title}
                  </Link>{' '}
                  (
                  <Link component={RouterLink} to={`/article/${encodeURIComponent(page._id)}/edit`} aria-label={w.editPage(page.title)}>
                    {w.edit}
                  </Link>
                  )
                </li>
              ))}
            </Box>
          )}
        </Panel>

        <Panel labelledBy="settings-footer">
          <PanelHeading id="settings-footer">{w.footer}</PanelHeading>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5}>
            {field('byline', w.byline, w.bylineHelp)}
            {field('byline_url', w.bylineLink, w.bylineLinkHelp, { type: 'url' })}
          </Stack>
        </Panel>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" size="large" loading={save.isPending}>
            {w.save}
          </Button>
          {saved && (
            <Alert severity="success" role="status" sx={{ py: 0 }}>
              {w.saved}
            </Alert>
          )}
          {Object.values(errors).some(Boolean) && (
            <Alert severity="error" sx={{ py: 0 }}>
              {w.correct}
            </Alert>
          )}
          {serverError && (
            <Alert severity="error" sx={{ py: 0 }}>
              {serverError}
            </Alert>
          )}
        </Box>

        <RecoveryHelp />
      </Stack>
    </Box>
  );
}

function PanelHeading({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="h3" sx={{ fontSize: '1.25rem', mb: 2.5, color: 'primary.dark' }}>
      {children}
    </Typography>
  );
}

function PageChoice({
  label,
  help,
  value,
  pages,
  error,
  onChange,
}: {
  label: string;
  help: string;
  value: string;
  pages: Settings['pages'];
  error?: string;
  onChange: (id: string) => void;
}) {
  const w = useWords(settingsWords);
  // A choice that is no longer a page still shows, so the admin sees what to replace.
  const known = value === '' || pages.some((page) => page._id === value);
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? help}
      fullWidth
    >
      <MenuItem value="">{w.noPage}</MenuItem>
      {!known && <MenuItem value={value}>{w.notAPage}</MenuItem>}
      {pages.map((page) => (
        <MenuItem key={page._id} value={page._id}>
          {page.title}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The header as it will look: the mark beside the name, as text. */
function HeaderPreview({ src, name, shortName }: { src: string; name: string; shortName: string }) {
  return (
    <Box
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 2,
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <Box component="img" src={src} alt="" sx={{ height: 56, width: 'auto', maxWidth: 140, objectFit: 'contain' }} />
      <Box>
        {shortName.trim() && shortName.trim() !== name.trim() && (
          <Typography sx={{ fontFamily: 'Georgia, serif', fontWeight: 700, fontSize: '1.4rem', color: 'primary.main', lineHeight: 1.15 }}>
            {shortName}
          </Typography>
        )}
        <Typography sx={{ color: 'text.secondary' }}>{name}</Typography>
      </Box>
    </Box>
  );
}

function RecoveryHelp() {
  const w = useWords(settingsWords);
  const titleId = useId();
  const command = {
    fontFamily: 'monospace',
    bgcolor: 'background.default',
    px: 0.75,
    py: 0.25,
    borderRadius: 1,
    overflowWrap: 'anywhere',
  } as const;
  return (
    <Panel labelledBy={titleId}>
      <PanelHeading id={titleId}>{w.recoveryTitle}</PanelHeading>
      <Typography sx={{ mb: 1.5 }}>{w.recoveryIntro}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 1 } }}>
        <li>
          <Box component="code" sx={command}>
            npm run admin -- reset-password EMAIL
          </Box>{' '}
          {w.resetPassword}
        </li>
        <li>
          <Box component="code" sx={command}>
            npm run admin -- create-admin EMAIL
          </Box>{' '}
          {w.createAdmin}
        </li>
      </Box>
      <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>{w.recoveryEnd}</Typography>
    </Panel>
  );
}
