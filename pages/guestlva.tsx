import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { GuestLvaScreen } from '@/components/account/GuestLvaScreen';
import { defaultGuestLibraryId } from '@/server/config';
import { libParam, withPage } from '@/server/context';
import { findLibrary } from '@/server/user/queries';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open', session: false }, async (page, ctx) => {
  const library = await findLibrary(libParam(ctx) ?? defaultGuestLibraryId());
  return {
    props: {
      shell: await page.shell(),
      libraryId: library?.id ?? null,
      libraryName: library?.name ?? '',
      guestAvailable: Boolean(library?.guestAccess),
      guestDays: library?.guestDays ?? 0,
    },
  };
}) satisfies GetServerSideProps;

export default function GuestLvaPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <GuestLvaScreen libraryId={props.libraryId} libraryName={props.libraryName} guestAvailable={props.guestAvailable} guestDays={props.guestDays} />;
}

GuestLvaPage.getLayout = siteLayout;
