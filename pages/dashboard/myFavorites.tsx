import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MyFavoritesScreen } from '@/components/dashboard/MyFavoritesScreen';
import { AGE_RATING_DEFAULT } from '@/lib/constants';
import { effectiveAgeRating } from '@/lib/age';
import { COOKIE } from '@/lib/cookies';
import { issueTile, type MagazineHit } from '@/services/catalogue';
import { favouriteKeys } from '@/services/favourites';
import { cachedListing } from '@/server/catalogue/browse';
import { requireMember, withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { favouriteMagazinesWithLatestIssue } from '@/server/user/favourite-queries';
import { siteLayout } from '@/components/shell/siteLayout';

const SUGGESTIONS = 8;

export const getServerSideProps = withDatabase(async (ctx) => {
  const member = await requireMember(ctx);
  if ('redirect' in member) return member;
  const { viewer, session } = member;
  const ageRating = effectiveAgeRating(Number(ctx.req.cookies[COOKIE.ageRating] ?? 0), AGE_RATING_DEFAULT.magazineFilter, viewer.libraryAgeRate);
  const [shell, favourites, popular] = await Promise.all([
    shellProps(session),
    favouriteMagazinesWithLatestIssue(viewer, session.claims.uid),
    // The library's Most Popular, as its listing keeps it (the same for every member of the library).
    cachedListing(viewer, { list: 'BS', includeGold: true, ageRating, page: 1, pageSize: SUGGESTIONS * 2 }),
  ]);
  const toTile = (hit: MagazineHit) => ({ mid: hit.mid, tile: issueTile(hit, viewer.libraryId), issueName: hit.issueName });
  const ids = favourites.map((hit) => hit.mid);
  return {
    props: {
      shell,
      showPassword: shell.hasPassword,
      favourites: favourites.map(toTile),
      suggestions: popular.items.filter((hit) => !ids.includes(hit.mid)).slice(0, SUGGESTIONS).map(toTile),
      // The favourites hook reads this list under its own key, so the first paint needs no fetch.
      fallback: { [favouriteKeys.list(session.claims.uid)]: ids },
    },
  };
}) satisfies GetServerSideProps;

export default function MyFavoritesPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MyFavoritesScreen favourites={props.favourites} suggestions={props.suggestions} showPassword={props.showPassword} />;
}

MyFavoritesPage.getLayout = siteLayout;
