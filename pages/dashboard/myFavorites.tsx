import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MyFavoritesScreen } from '@/components/dashboard/MyFavoritesScreen';
import { issueTile } from '@/lib/catalogue-tiles';
import type { MagazineHit } from '@/lib/wire';
import { cachedListing } from '@/server/catalogue/browse';
import { withPage } from '@/server/context';
import { cachedFavouriteMagazines } from '@/server/user/queries';
import { siteLayout } from '@/components/shell/siteLayout';

const SUGGESTIONS = 8;

export const getServerSideProps = withPage({ access: 'member' }, async (page) => {
  const { session } = page;
  const [viewer, ratings] = await Promise.all([page.viewer(), page.ratings()]);
  const [shell, favourites, popular] = await Promise.all([
    page.shell(),
    cachedFavouriteMagazines(viewer, session.claims.uid),
    // The library's Most Popular, as its listing keeps it (the same for every member of the library).
    cachedListing(viewer, { list: 'BS', includeGold: true, ageRating: ratings.magazine, page: 1, pageSize: SUGGESTIONS * 2 }),
  ]);
  const toTile = (hit: MagazineHit) => ({ mid: hit.mid, tile: issueTile(hit, viewer.base), issueName: hit.issueName });
  const ids = favourites.map((hit) => hit.mid);
  return {
    props: {
      shell,
      showPassword: shell.hasPassword,
      favourites: favourites.map(toTile),
      suggestions: popular.items.filter((hit) => !ids.includes(hit.mid)).slice(0, SUGGESTIONS).map(toTile),
    },
  };
}) satisfies GetServerSideProps;

export default function MyFavoritesPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MyFavoritesScreen favourites={props.favourites} suggestions={props.suggestions} showPassword={props.showPassword} />;
}

MyFavoritesPage.getLayout = siteLayout;
