import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MobileScreen } from '@/components/account/MobileScreen';
import { COUNTRY_CODES } from '@/lib/country-codes';
import { pageSession, withDatabase } from '@/server/pages/session';
import { libParam, param, redirectTo } from '@/server/pages/query';
import { shellProps } from '@/server/pages/shell';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withDatabase(async (ctx) => {
  const session = await pageSession(ctx);
  const link = param(ctx, 'link') === '1';
  if (link && !session) return redirectTo('/login');
  return { props: { shell: await shellProps(session), countries: COUNTRY_CODES, libid: libParam(ctx), link } };
}) satisfies GetServerSideProps;

export default function LinkMobilePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MobileScreen countries={props.countries} libid={props.libid} link={props.link} />;
}

LinkMobilePage.getLayout = siteLayout;
