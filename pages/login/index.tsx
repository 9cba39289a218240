import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { LoginScreen } from '@/components/account/LoginScreen';
import { withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';
import { guestLoginAvailability } from '@/server/user/routes';

export const getServerSideProps = withDatabase(async (ctx) => {
  // A library can send its members to /login?lib={id}; otherwise the site's default guest library.
  const asked = Number(Array.isArray(ctx.query.lib) ? ctx.query.lib[0] : ctx.query.lib);
  const guest = await guestLoginAvailability(Number.isInteger(asked) && asked > 0 ? asked : undefined);
  return {
    props: {
      shell: await shellProps(null),
      libraryName: guest.libraryName,
      guestLibraryId: guest.isGuestLoginAvailable ? guest.libid : null,
      guestAvailable: guest.isGuestLoginAvailable,
    },
  };
}) satisfies GetServerSideProps;

export default function LoginPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <LoginScreen {...props} />;
}
