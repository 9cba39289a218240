import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ListingScreen } from '@/components/catalogue/ListingScreen';
import { favouriteForCard } from '@/components/magazine/CardFavourite';
import { listingProps } from '@/server/pages/catalogue-props';
import { withDatabase } from '@/server/pages/session';
import { siteLayout } from '@/components/shell/siteLayout';

/** SPEC §2 /magazines/{catId}/{magLang}: a category or top list in one language. */
export const getServerSideProps = withDatabase((ctx) => listingProps(ctx, false)) satisfies GetServerSideProps;

export default function CategoryLanguagePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ListingScreen {...props} cardOverlay={favouriteForCard} />;
}

CategoryLanguagePage.getLayout = siteLayout;
