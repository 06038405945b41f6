import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SiteText } from '../../components/site-text';

export function HeroSection() {
  return (
    <Box
      component="section"
      aria-labelledby="home-title"
      sx={{
        color: 'common.white',
        // Two soft highlights over the brand gradient give depth without an image to download.
        background:
          'radial-gradient(circle at 85% 15%, rgba(242, 163, 65, 0.18) 0, transparent 40%),' +
          'radial-gradient(circle at 10% 90%, rgba(42, 122, 155, 0.45) 0, transparent 45%),' +
          'linear-gradient(135deg, #073449 0%, #0b4f6c 60%, #0d5d7f 100%)',
      }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 7, md: 11 } }}>
        <Box sx={{ maxWidth: 780 }}>
          <Typography
            component="p"
            variant="overline"
            sx={{ color: 'secondary.main', fontWeight: 700, letterSpacing: '0.14em', fontSize: '0.8rem', mb: 1.5 }}
          >
            <SiteText k="home.established" /> <SiteText k="founded_year" />
          </Typography>
          <Typography id="home-title" variant="h1" sx={{ mb: 3 }}>
            <SiteText k="site_name" />
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.1rem', md: '1.3rem' }, lineHeight: 1.6, color: 'rgba(255, 255, 255, 0.92)', mb: 5 }}>
            <SiteText k="home.mission" />
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button
              component={RouterLink}
              to="/register"
              variant="contained"
              color="secondary"
              size="large"
              endIcon={<ArrowForwardIcon />}
              sx={{ px: 3.5, py: 1.4 }}
            >
              <SiteText k="home.cta.join" />
            </Button>
            <Button
              component={RouterLink}
              to="/donate"
              variant="outlined"
              size="large"
              startIcon={<FavoriteBorderIcon />}
              sx={{
                px: 3.5,
                py: 1.4,
                color: 'common.white',
                borderColor: 'rgba(255, 255, 255, 0.7)',
                '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255, 255, 255, 0.08)' },
              }}
            >
              <SiteText k="home.cta.donate" />
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
