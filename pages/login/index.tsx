import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { LoginScreen } from '@/components/account/LoginScreen';
import { defaultGuestLibraryId } from '@/server/config';
import { withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { signInWays } from '@/server/pages/sign-in-ways';
import { cachedLibrary } from '@/server/viewer';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  // A library can send its members to /login?lib={id}; otherwise the site's default guest library.
  const asked = Number(Array.isArray(ctx.query.lib) ? ctx.query.lib[0] : ctx.query.lib);
  const named = Number.isInteger(asked) && asked > 0;
  // One read of the kept library row answers both the name and whether guests may come in.
  const library = await cachedLibrary(named ? asked : defaultGuestLibraryId());
  const guestAvailable = Boolean(library?.guestAccess);
  return {
    props: {
      shell: await shellProps(null),
      libraryName: library?.name ?? '',
      guestLibraryId: guestAvailable && library ? library.id : null,
      guestAvailable,
      ways: await signInWays(library, named && Boolean(library)),
      libQuery: named && library ? `?lib=${library.id}` : '',
    },
  };
}) satisfies GetServerSideProps;

export default function LoginPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <LoginScreen {...props} />;
}

LoginPage.getLayout = siteLayout;
