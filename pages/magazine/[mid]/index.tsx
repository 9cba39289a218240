import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MagazineScreen } from '@/components/catalogue/MagazineScreen';
import { FavouriteButton } from '@/components/magazine/FavouriteButton';
import { magazineProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** SPEC §2 /magazine/{mid}: a title's page. */
export const getServerSideProps = withPage({ access: 'member' }, magazineProps) satisfies GetServerSideProps;

export default function MagazinePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MagazineScreen {...props} favourite={<FavouriteButton mid={props.magazine.mid} magazineName={props.magazine.magName} variant="labelled" />} />;
}

MagazinePage.getLayout = siteLayout;
