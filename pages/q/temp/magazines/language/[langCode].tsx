import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ListingScreen } from '@/components/catalogue/ListingScreen';
import { languageListingProps } from '@/server/pages/catalogue-props';
import { withDatabase } from '@/server/pages/session';
import { siteLayout } from '@/components/shell/siteLayout';

/** Library 2083: /q/temp/magazines/language/{langCode}, every title in one language. */
export const getServerSideProps = withDatabase((ctx) => languageListingProps(ctx)) satisfies GetServerSideProps;

export default function TempLanguagePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ListingScreen {...props} />;
}

TempLanguagePage.getLayout = siteLayout;
