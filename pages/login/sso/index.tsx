import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { SsoScreen } from '@/components/account/SsoScreens';
import { librariesWithSso } from '@/server/user/queries';
import { libParam, withPage } from '@/server/context';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', session: false }, async (page, ctx) => {
  const asked = libParam(ctx);
  const all = await librariesWithSso();
  const named = asked ? all.filter((library) => library.id === asked) : [];
  return { props: { shell: await page.shell(), libraries: named.length ? named : all } };
}) satisfies GetServerSideProps;

export default function SsoPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <SsoScreen libraries={props.libraries} />;
}

SsoPage.getLayout = siteLayout;
