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
import { PictureField } from './picture-field';
import { useSaveSettings, useSettings } from './site-admin-api';

type Values = Record<SettingField, string> & { gift_aid_enabled: boolean };
type Errors = Partial<Record<SettingField | 'gift_aid_enabled', string>>;

const valuesOf = (settings: Settings): Values => {
  const { pages: _pages, ...values } = settings;
  return values;
};

/** The association's identity, contact, pages and footer, and the Gift Aid switch. */
export function SettingsPage() {
  const settings = useSettings();
  const [saved, setSaved] = useState(false);
  // Here, not in the form: a save remounts the form, and a mutation's callbacks need a mounted owner.
  const save = useSaveSettings();
  return (
    <AdminSection
      title="Settings"
      intro="What the whole site says about the association. Each change shows on every page as soon as you save it, and is recorded in the audit log."
    >
      {settings.isPending ? (
        <LoadingRegion>
          <Skeleton variant="rounded" height={320} />
        </LoadingRegion>
      ) : settings.isError ? (
        <LoadError message="The settings could not be loaded." error={settings.error} onRetry={() => void settings.refetch()} />
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
      else found[field] = parsed.error.issues[0]?.message;
    }
    if (values.gift_aid_enabled !== initial.gift_aid_enabled) change.gift_aid_enabled = values.gift_aid_enabled;
    if (values.gift_aid_enabled && !values.charity_number.trim()) found.gift_aid_enabled = GIFT_AID_NEEDS_NUMBER;
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
  const serverError =
    save.isError && !(save.error instanceof ApiError && save.error.field)
      ? errorMessage(save.error, 'The settings could not be saved.')
      : null;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Settings">
      <Stack spacing={3}>
        <Panel labelledBy="settings-identity">
          <PanelHeading id="settings-identity">The association</PanelHeading>
          <Stack spacing={2.5}>
            {field('site_name', 'Association name', 'Beside the logo in the header, in the footer, page titles and e-mails.', {
              required: true,
            })}
            {field(
              'site_short_name',
              'Short name',
              'Above the name in the header, and at the start of every page title ("AMA GB | News").',
              {
                required: true,
                sx: { maxWidth: 360 },
              },
            )}
            <PictureField
              label="Logo"
              help="A PNG or JPEG mark, shown beside the name in the header (the name stays text, so it is never out of date). Without one, the built-in mark shows."
              value={values.logo_url}
              error={errors.logo_url}
              onChange={(url) => set('logo_url', url)}
              uploadLabel="Upload a logo"
              clearLabel="Use the built-in mark"
              preview={(src) => <HeaderPreview src={src} name={values.site_name} shortName={values.site_short_name} />}
            />
            <PictureField
              label="Share image"
              help="Shown in link previews (on Facebook, WhatsApp, e-mail…) of pages without a picture of their own. About 1200 × 630 pixels suits most."
              value={values.share_image_url}
              error={errors.share_image_url}
              onChange={(url) => set('share_image_url', url)}
              uploadLabel="Upload a share image"
              clearLabel="Remove the share image"
            />
          </Stack>
        </Panel>

        <Panel labelledBy="settings-contact">
          <PanelHeading id="settings-contact">Contact and social media</PanelHeading>
          <Stack spacing={2.5}>
            {field('contact_email', 'Contact e-mail', 'The address of the Contact us button on the home page. Empty: no button.', {
              type: 'email',
            })}
            {field(
              'social_media_url',
              'Social media page',
              'The address of the association’s page, e.g. https://www.facebook.com/YourAssociation. Empty: the contact section shows the e-mail alone.',
              { type: 'url' },
            )}
            {field('social_button_label', 'Button text', '“{network}” becomes the network’s name, e.g. “Show our Facebook page”.', {
              sx: { maxWidth: 480 },
            })}
            {values.social_media_url.trim() && !errors.social_media_url && (
              <Box>
                <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
                  Preview: what visitors see before they choose to load the page
                </Typography>
                <Box sx={{ maxWidth: 560 }}>
                  <SocialPage url={values.social_media_url.trim()} buttonLabel={values.social_button_label} preview />
                </Box>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                  Nothing from the network loads until a visitor presses the button; the page then allows only that network’s frame.{' '}
                  {/* A full page load on purpose: the page's security policy names the frame's origin only when it is served. */}
                  <Link href="/#contact" underline="always">
                    See it on the home page
                  </Link>
                </Typography>
              </Box>
            )}
          </Stack>
        </Panel>

        <Panel labelledBy="settings-charity" sx={{ scrollMarginTop: 96 }}>
          <Box id="gift-aid" />
          <PanelHeading id="settings-charity">Charity and Gift Aid</PanelHeading>
          <Stack spacing={2}>
            {field(
              'charity_number',
              'Registered charity number',
              'Shown in the footer and on donation receipts. Gift Aid needs it. Empty if not a registered charity.',
              {
                sx: { maxWidth: 360 },
              },
            )}
            {field(
              'postal_address',
              'Postal address',
              'In the footer of every newsletter, as the law asks of a sender. One line each: street, town, postcode.',
              { multiline: true, minRows: 3 },
            )}
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={values.gift_aid_enabled && !noNumber}
                    disabled={noNumber}
                    onChange={(e) => set('gift_aid_enabled', e.target.checked)}
                  />
                }
                label="Offer Gift Aid on the donate page"
              />
              <FormHelperText error={Boolean(errors.gift_aid_enabled)}>
                {errors.gift_aid_enabled ??
                  (noNumber
                    ? 'Gift Aid can only be offered by a registered charity: enter the charity number first.'
                    : 'Donors who pay UK tax can then add 25% to their gift at no cost to them.')}
              </FormHelperText>
              <Typography variant="body2" sx={{ mt: 1 }}>
                <Link component={RouterLink} to="/admin/gift-aid">
                  Gift Aid declarations and the HMRC schedule
                </Link>
              </Typography>
            </Box>
          </Stack>
        </Panel>

        <Panel labelledBy="settings-pages">
          <PanelHeading id="settings-pages">Pages</PanelHeading>
          <Typography sx={{ color: 'text.secondary', mb: 2.5 }}>
            Pages are articles marked “This is a page, not news” in the editor: they keep their address, show no date and stay out of the
            news.
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5}>
            <PageChoice
              label="About page"
              help="Opened by Learn More in the home page’s About section."
              value={values.about_article_id}
              pages={settings.pages}
              error={errors.about_article_id}
              onChange={(id) => set('about_article_id', id)}
            />
            <PageChoice
              label="Privacy page"
              help="Opened by the footer’s privacy link."
              value={values.privacy_article_id}
              pages={settings.pages}
              error={errors.privacy_article_id}
              onChange={(id) => set('privacy_article_id', id)}
            />
          </Stack>
          {settings.pages.length === 0 ? (
            <Typography sx={{ mt: 2 }}>No article is marked as a page yet.</Typography>
          ) : (
            <Box component="ul" sx={{ mt: 2.5, mb: 0, pl: 2.5 }} aria-label="The site's pages">
              {settings.pages.map((page) => (
                <li key={page._id}>
                  <Link component={RouterLink} to={`/article/${encodeURIComponent(page._id)}`}>
                    {page.title}
                  </Link>{' '}
                  (
                  <Link component={RouterLink} to={`/article/${encodeURIComponent(page._id)}/edit`} aria-label={`Edit ${page.title}`}>
                    edit
                  </Link>
                  )
                </li>
              ))}
            </Box>
          )}
        </Panel>

        <Panel labelledBy="settings-footer">
          <PanelHeading id="settings-footer">Footer</PanelHeading>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5}>
            {field('byline', 'Byline', 'E.g. who made the website. Empty: none.')}
            {field('byline_url', 'Byline link', 'An address starting with https://. Empty: the byline is plain text.', { type: 'url' })}
          </Stack>
        </Panel>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" size="large" loading={save.isPending}>
            Save settings
          </Button>
          {saved && (
            <Alert severity="success" role="status" sx={{ py: 0 }}>
              Settings saved.
            </Alert>
          )}
          {Object.values(errors).some(Boolean) && (
            <Alert severity="error" sx={{ py: 0 }}>
              Please correct the highlighted fields.
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
      <MenuItem value="">None (no link)</MenuItem>
      {!known && <MenuItem value={value}>An article that is not a page</MenuItem>}
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
      <PanelHeading id={titleId}>Recovering admin access</PanelHeading>
      <Typography sx={{ mb: 1.5 }}>
        An admin who forgets their password uses “Forgot your password?” on the sign-in page, like any member. If no admin can sign in at
        all (the only admin left, or the e-mail does not arrive), someone with a shell on the server runs one of these in the site’s folder,
        with the same settings as the running site:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 1 } }}>
        <li>
          <Box component="code" sx={command}>
            npm run admin -- reset-password EMAIL
          </Box>{' '}
          gives the account with that e-mail address a new password, printed once, and ends its sessions and any sign-in lockout;
        </li>
        <li>
          <Box component="code" sx={command}>
            npm run admin -- create-admin EMAIL
          </Box>{' '}
          makes a new admin account for that address (its password printed once), or makes an existing account an admin.
        </li>
      </Box>
      <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>
        Both are recorded in the audit log. Keep at least two admins, so one can always help the other: the Roles page makes anyone an
        admin.
      </Typography>
    </Panel>
  );
}
