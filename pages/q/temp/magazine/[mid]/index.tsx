import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MagazineScreen } from '@/components/catalogue/MagazineScreen';
import { magazineProps } from '@/server/catalogue/pages';
import { withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

/** The /q/temp catalogue (libraries that read there; the demo's 2083): /q/temp/magazine/{mid}, open to anyone. */
export const getServerSideProps = withPage({ access: 'temp' }, magazineProps) satisfies GetServerSideProps;

export default function TempMagazinePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MagazineScreen {...props} />;
}

TempMagazinePage.getLayout = siteLayout;
