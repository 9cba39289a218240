import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { LibraryCardScreen } from '@/components/account/LibraryCardScreen';
import { libParam, withPage } from '@/server/context';
import { findLibrary } from '@/server/user/queries';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', session: false }, async (page, ctx) => {
  const asked = libParam(ctx);
  const library = asked ? await findLibrary(asked) : null;
  return {
    props: {
      shell: await page.shell(),
      library: library && library.cardMode !== 'none' ? { id: library.id, name: library.name } : null,
    },
  };
}) satisfies GetServerSideProps;

export default function LibraryCardPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <LibraryCardScreen library={props.library} />;
}

LibraryCardPage.getLayout = siteLayout;
