import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ListingScreen } from '@/components/catalogue/ListingScreen';
import { favouriteForCard } from '@/components/magazine/CardFavourite';
import { journalsProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** SPEC §2 /journals: the journals (category 154). */
export const getServerSideProps = withPage({ access: 'member' }, journalsProps) satisfies GetServerSideProps;

export default function JournalsPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ListingScreen {...props} cardOverlay={favouriteForCard} />;
}

JournalsPage.getLayout = siteLayout;
