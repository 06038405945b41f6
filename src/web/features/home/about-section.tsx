import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LocalHospitalOutlinedIcon from '@mui/icons-material/LocalHospitalOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { SiteText } from '../../components/site-text';
import { useSiteText } from '../../lib/site-text';
import { SectionHeading } from '../../components/section-heading';
import { visuallyHidden } from '../../components/loading-region';

const pillars: { icon: ReactNode; title: SiteTextKey; body: SiteTextKey }[] = [
  { icon: <SchoolOutlinedIcon />, title: 'home.pillars.education.title', body: 'home.pillars.education.body' },
  { icon: <PeopleAltOutlinedIcon />, title: 'home.pillars.community.title', body: 'home.pillars.community.body' },
  { icon: <LocalHospitalOutlinedIcon />, title: 'home.pillars.armenia.title', body: 'home.pillars.armenia.body' },
];

export function AboutSection() {
  const { t } = useSiteText();
  const aboutId = t('about_article_id').trim();

  return (
    <Box component="section" aria-labelledby="about-title" sx={{ py: { xs: 7, md: 10 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 8 },
            gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
            alignItems: 'start',
          }}
        >
          <div>
            <SectionHeading id="about-title" k="home.about.title" />
            <Typography sx={{ fontSize: '1.08rem', lineHeight: 1.75, color: 'text.secondary', mb: 4 }}>
              <SiteText k="home.about.body" />
            </Typography>
            {aboutId && (
              <Button
                component={RouterLink}
                to={`/article/${encodeURIComponent(aboutId)}`}
                variant="outlined"
                size="large"
                endIcon={<ArrowForwardIcon />}
              >
                <SiteText k="home.about.learn_more" />
                {/* Heard, not shown: a link that says only "Learn More" does not say about what. */}
                <Box component="span" sx={visuallyHidden}>
                  : {t('home.about.title')}
                </Box>
              </Button>
            )}
          </div>
          <Box component="ul" sx={{ display: 'grid', gap: 2.5, m: 0, p: 0, listStyle: 'none' }}>
            {pillars.map((pillar) => (
              <Paper
                key={pillar.title}
                component="li"
                variant="outlined"
                sx={{ display: 'flex', gap: 2.5, p: { xs: 2.5, sm: 3 }, alignItems: 'flex-start', borderRadius: 3 }}
              >
                <Box
                  aria-hidden
                  sx={{
                    flexShrink: 0,
                    display: 'grid',
                    placeItems: 'center',
                    width: 52,
                    height: 52,
                    borderRadius: '50%',
                    bgcolor: 'rgba(11, 79, 108, 0.08)',
                    color: 'primary.main',
                  }}
                >
                  {pillar.icon}
                </Box>
                <div>
                  <Typography variant="h3" sx={{ mb: 0.75, color: 'primary.dark' }}>
                    <SiteText k={pillar.title} />
                  </Typography>
                  <Typography sx={{ color: 'text.secondary', lineHeight: 1.65 }}>
                    <SiteText k={pillar.body} />
                  </Typography>
                </div>
              </Paper>
            ))}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
