import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { ValidateUserScreen } from '@/components/account/ValidateUserScreen';
import { pageSession, withDatabase } from '@/server/pages/session';
import { shellProps } from '@/server/pages/shell';

export const getServerSideProps = withDatabase(async (ctx) => {
  const type = ctx.query.type === '2' ? 2 : 1;
  const session = await pageSession(ctx);
  const shell = await shellProps(session);
  return {
    props: {
      shell,
      type,
      libraryName: shell.library?.libName ?? '',
      helpEmail: shell.library?.supportEmail || process.env.NEXT_PUBLIC_HELP_EMAIL || 'help@library-reader.example',
    },
  };
}) satisfies GetServerSideProps;

export default function ValidateUserPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <ValidateUserScreen type={props.type as 1 | 2} libraryName={props.libraryName} helpEmail={props.helpEmail} />;
}
