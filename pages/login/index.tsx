import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { libraryQuery } from '@/lib/sign-in-paths';
import { LoginScreen } from '@/components/account/LoginScreen';
import { defaultGuestLibraryId } from '@/server/config';
import { libParam, withPage } from '@/server/context';
import { signInWays } from '@/server/user/pages';
import { cachedLibrary } from '@/server/context/viewer';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', session: false }, async (page, ctx) => {
  // A library can send its members to /login?lib={id}; otherwise the site's default guest library.
  // libParam refuses what no library id can be (past PostgreSQL's integer, which once answered 500).
  const asked = libParam(ctx);
  const named = asked !== null;
  // One read of the kept library row answers both the name and whether guests may come in.
  const library = await cachedLibrary(asked ?? defaultGuestLibraryId());
  const guestAvailable = Boolean(library?.guestAccess);
  return {
    props: {
      shell: await page.shell(),
      libraryName: library?.name ?? '',
      guestLibraryId: guestAvailable && library ? library.id : null,
      guestAvailable,
      ways: await signInWays(library, named && Boolean(library)),
      libQuery: named && library ? libraryQuery(library.id) : '',
    },
  };
}) satisfies GetServerSideProps;

export default function LoginPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <LoginScreen {...props} />;
}

LoginPage.getLayout = siteLayout;
