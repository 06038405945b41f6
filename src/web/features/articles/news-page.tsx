import AddIcon from '@mui/icons-material/Add';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ArticleSummary } from '../../../shared/api/articles';
import { NEWS_RSS_PATH } from '../../../shared/domain/link-paths';
import { LoadError } from '../../components/load-error';
import { LoadingRegion } from '../../components/loading-region';
import { SiteText } from '../../components/site-text';
import { hasEditingRights, useSession } from '../../lib/session';
import { useSiteText } from '../../lib/site-text';
import { usePageTitle } from '../../lib/use-page-title';
import { formatArticleDate } from './article-date';
import { useArticlePages, useCategories } from './articles-api';
import { PageBanner } from '../../components/page-banner';

const ALL = '';

/** SPEC "News page": a category filter, then articles newest first, a page at a time. */
export function NewsPage() {
  const { t } = useSiteText();
  usePageTitle(t('news.title'));
  const editor = hasEditingRights(useSession());
  // The category lives in the address, so a filtered list can be shared and survives Back.
  const [search, setSearch] = useSearchParams();
  const category = search.get('category') ?? ALL;
  const categories = useCategories();
  const pages = useArticlePages(category || null);
  const articles = pages.data?.pages.flatMap((page) => page.items) ?? [];
  // A category from an old link may no longer exist; it still shows as chosen.
  const options = [...new Set([...(categories.data ?? []), ...(category ? [category] : [])])];

  return (
    <>
      {/* Feed readers find the news feed from here. */}
      <link rel="alternate" type="application/rss+xml" title={t('news.rss')} href={NEWS_RSS_PATH} />
      <PageBanner maxWidth="md">
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          <SiteText k="news.title" />
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, color: 'rgba(255, 255, 255, 0.9)' }}>
          <SiteText k="news.intro" />
        </Typography>
      </PageBanner>

      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        {/* The filter's label, its field and the links are parts of their own: taken over together,
            MUI's form controls were one task of 200 ms at a slow phone's speed. */}
        <Stack direction="row" sx={{ gap: 2, mb: 4, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          {/* The phone's own list to pick from, and no MUI menu (Popover, Modal) for every reader. */}
          <FormControl size="small" sx={{ minWidth: 220 }}>
            {/* Shrunk: a native select always shows its choice ("All"), which the label must not cover. */}
            <InputLabel htmlFor="news-category" variant="outlined" shrink>
              {t('news.category')}
            </InputLabel>
            <NativeSelect
              id="news-category"
              value={category}
              onChange={(e) => setSearch(e.target.value ? { category: e.target.value } : {}, { replace: true })}
              input={<OutlinedInput label={t('news.category')} notched />}
            >
              <option value={ALL}>{t('news.all')}</option>
              {options.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
            <Link href={NEWS_RSS_PATH} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <RssFeedIcon fontSize="small" />
              {t('news.rss')}
            </Link>
            {editor && (
              <Button component={RouterLink} to="/article/new" variant="contained" startIcon={<AddIcon />}>
                {t('news.new_article')}
              </Button>
            )}
          </Stack>
        </Stack>

        {pages.isPending ? (
          <LoadingRegion>
            {[0, 1, 2, 3].map((i) => (
              <Box key={i} sx={{ py: 2.5, borderBottom: 1, borderColor: 'divider' }}>
                <Skeleton variant="text" width="60%" sx={{ fontSize: '1.5rem' }} />
                <Skeleton variant="text" width={90} />
                <Skeleton variant="text" />
                <Skeleton variant="text" width="80%" />
              </Box>
            ))}
          </LoadingRegion>
        ) : pages.isError ? (
          <LoadError message={t('news.load_failed')} error={pages.error} onRetry={() => void pages.refetch()} />
        ) : articles.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{category ? t('news.none_in_category') : t('news.none')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {articles.map((article) => (
              <ArticleItem key={article._id} article={article} />
            ))}
          </Box>
        )}

        {pages.hasNextPage && (
          <Box sx={{ textAlign: 'center', mt: 4 }}>
            <Button variant="outlined" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              {t('news.load_more')}
            </Button>
          </Box>
        )}
      </Container>
    </>
  );
}

function ArticleItem({ article }: { article: ArticleSummary }) {
  return (
    <Box component="li" sx={{ py: 2.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.3rem', md: '1.5rem' }, mb: 0.5 }}>
        <Link component={RouterLink} to={`/article/${encodeURIComponent(article._id)}`} underline="hover" color="primary.dark">
          {article.title}
        </Link>
      </Typography>
      <Typography
        component="time"
        dateTime={article.dated.slice(0, 10)}
        variant="body2"
        sx={{ color: 'text.secondary', display: 'block', mb: 1 }}
      >
        {formatArticleDate(article.dated)}
      </Typography>
      {article.brief && <Typography sx={{ color: 'text.primary' }}>{article.brief}</Typography>}
    </Box>
  );
}
