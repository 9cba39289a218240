import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ListingScreen } from '@/components/catalogue/ListingScreen';
import { favouriteForCard } from '@/components/magazine/CardFavourite';
import { listingProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** SPEC §2 /magazines/{catId}/{magLang}: a category or top list in one language. */
export const getServerSideProps = withPage({ access: 'member' }, listingProps) satisfies GetServerSideProps;

export default function CategoryLanguagePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ListingScreen {...props} cardOverlay={favouriteForCard} />;
}

CategoryLanguagePage.getLayout = siteLayout;
