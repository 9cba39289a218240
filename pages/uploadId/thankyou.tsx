import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { UploadIdThankYouScreen } from '@/components/account/ThankYouScreens';
import { publicShell } from '@/server/pages/public';

export const getServerSideProps = (async (ctx) => {
  const { shell } = await publicShell(ctx);
  return { props: { shell, signedIn: shell.signedIn, libraryName: shell.library?.libName ?? '' } };
}) satisfies GetServerSideProps;

export default function UploadIdThankYouPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  return <UploadIdThankYouScreen signedIn={props.signedIn} libraryName={props.libraryName} />;
}
