import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ListingScreen } from '@/components/catalogue/ListingScreen';
import { listingProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** The /q/temp catalogue (libraries that read there; the demo's 2083): /q/temp/magazines/{catId}/{magLang}, open to anyone. */
export const getServerSideProps = withPage({ access: 'temp' }, listingProps) satisfies GetServerSideProps;

export default function TempCategoryLanguagePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ListingScreen {...props} />;
}

TempCategoryLanguagePage.getLayout = siteLayout;
