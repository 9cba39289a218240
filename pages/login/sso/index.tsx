import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { SsoScreen } from '@/components/account/SsoScreens';
import { librariesWithSso } from '@/server/user/account-queries';
import { withDatabase } from '@/server/pages/session';
import { libParam } from '@/server/pages/query';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const asked = libParam(ctx);
  const all = await librariesWithSso();
  const named = asked ? all.filter((library) => library.id === asked) : [];
  return { props: { shell: await shellProps(null), libraries: named.length ? named : all } };
}) satisfies GetServerSideProps;

export default function SsoPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <SsoScreen libraries={props.libraries} />;
}

SsoPage.getLayout = siteLayout;
