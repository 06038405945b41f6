import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventIcon from '@mui/icons-material/Event';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import VolunteerActivismOutlinedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';

interface GuideItem {
  id: string;
  icon: ReactNode;
  title: SiteTextKey;
  body: SiteTextKey;
  link?: { to: string; text: SiteTextKey };
}

const items: GuideItem[] = [
  {
    id: 'back-office',
    icon: <AdminPanelSettingsOutlinedIcon />,
    title: 'profile.admin.back_office_title',
    body: 'profile.admin.back_office_body',
    link: { to: '/admin', text: 'profile.admin.back_office_link' },
  },
  {
    id: 'settings',
    icon: <SettingsOutlinedIcon />,
    title: 'profile.admin.settings_title',
    body: 'profile.admin.settings_body',
    link: { to: '/admin/settings', text: 'profile.admin.settings_link' },
  },
  {
    id: 'text',
    icon: <EditNoteIcon />,
    title: 'profile.admin.text_title',
    body: 'profile.admin.text_body',
    link: { to: '/admin/texts', text: 'profile.admin.text_link' },
  },
  {
    id: 'events',
    icon: <EventIcon />,
    title: 'profile.admin.events_title',
    body: 'profile.admin.events_body',
    link: { to: '/events', text: 'profile.admin.events_link' },
  },
  {
    id: 'committee',
    icon: <GroupsOutlinedIcon />,
    title: 'profile.admin.committee_title',
    body: 'profile.admin.committee_body',
    link: { to: '/#committee', text: 'profile.admin.committee_link' },
  },
  {
    id: 'articles',
    icon: <ArticleOutlinedIcon />,
    title: 'profile.admin.articles_title',
    body: 'profile.admin.articles_body',
    link: { to: '/article/new', text: 'profile.admin.articles_link' },
  },
  {
    id: 'gift-aid',
    icon: <VolunteerActivismOutlinedIcon />,
    title: 'profile.admin.gift_aid_title',
    body: 'profile.admin.gift_aid_body',
    link: { to: '/admin/gift-aid', text: 'profile.admin.gift_aid_link' },
  },
];

/** docs/product.md: the admin's profile shows editing instructions instead of membership information. */
export function AdminGuide() {
  const { t } = useSiteText();
  return (
    <Box component="section" aria-labelledby="admin-guide-title">
      <Typography id="admin-guide-title" variant="h2" sx={{ color: 'primary.dark', mb: 1 }}>
        <SiteText k="profile.admin.title" />
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: 720 }}>
        <SiteText k="profile.admin.intro" />
      </Typography>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {items.map((item) => (
          <li key={item.id}>
            <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, height: '100%', display: 'flex', gap: 2 }}>
              <Box
                aria-hidden
                sx={{
                  flexShrink: 0,
                  display: 'grid',
                  placeItems: 'center',
                  width: 44,
                  height: 44,
                  borderRadius: 2,
                  bgcolor: 'rgba(11, 79, 108, 0.08)',
                  color: 'primary.main',
                }}
              >
                {item.icon}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 0.75 }}>
                  <SiteText k={item.title} />
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>
                  <SiteText k={item.body} />
                </Typography>
                {item.link && (
                  <Button component={RouterLink} to={item.link.to} size="small" sx={{ mt: 1, ml: -1 }}>
                    {t(item.link.text)}
                  </Button>
                )}
              </Box>
            </Paper>
          </li>
        ))}
      </Box>
    </Box>
  );
}
