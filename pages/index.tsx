import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { HomeScreen } from '@/components/home/HomeScreen';
import { listingPath } from '@/lib/catalogue-paths';
import { CATEGORY } from '@/lib/constants';
import { fixedStoryCategoryHref } from '@/lib/story-paths';
import { categoryTile, issueTile } from '@/lib/catalogue-tiles';
import { storyTile } from '@/lib/story-tiles';
import { loadHome } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'member' }, async (page) => {
  const [viewer, ratings] = await Promise.all([page.viewer(), page.ratings()]);
  const [home, shell] = await Promise.all([loadHome(viewer, ratings), page.shell()]);
  const { base } = viewer;
  const now = new Date();
  return {
    props: {
      shell,
      libraryName: shell.library?.libName ?? '',
      popular: home.popular.map((hit) => issueTile(hit, base)),
      categories: home.categories.map((category) => categoryTile(category, base)),
      newspapers: home.newspapers ? home.newspapers.map((hit) => issueTile(hit, base)) : null,
      coverStories: home.coverStories.map((story) => storyTile(story, now)),
      links: {
        popular: listingPath(base, 'BS', 'en'),
        categories: listingPath(base, 'BS'),
        newspapers: listingPath(base, CATEGORY.newspapers),
        coverStories: fixedStoryCategoryHref('cover'),
      },
    },
  };
}) satisfies GetServerSideProps;

export default function HomePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <HomeScreen {...props} />;
}

HomePage.getLayout = siteLayout;
