import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ListingScreen } from '@/components/catalogue/ListingScreen';
import { languageListingProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** The /q/temp catalogue (libraries that read there; the demo's 2083): /q/temp/magazines/language/{langCode}, every title in one language. */
export const getServerSideProps = withPage({ access: 'temp' }, languageListingProps) satisfies GetServerSideProps;

export default function TempLanguagePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ListingScreen {...props} />;
}

TempLanguagePage.getLayout = siteLayout;
