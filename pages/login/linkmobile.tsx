import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import { MobileScreen } from '@/components/account/MobileScreen';
import { COUNTRY_CODES } from '@/lib/country-codes';
import { loginPath } from '@/lib/sign-in-paths';
import { libParam, param, redirectTo, withPage } from '@/server/context';
import { namedLibraryOffers } from '@/server/user/pages';
import { siteLayout } from '@/components/shell/siteLayout';

export const getServerSideProps = withPage({ access: 'open' }, async (page, ctx) => {
  const link = param(ctx, 'link') === '1';
  if (link && !page.session) return redirectTo('/login');
  const libid = libParam(ctx);
  if (!link && !(await namedLibraryOffers(libid, 'mobile'))) return redirectTo(loginPath('', libid));
  return { props: { shell: await page.shell(), countries: COUNTRY_CODES, libid, link } };
}) satisfies GetServerSideProps;

export default function LinkMobilePage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return <MobileScreen countries={props.countries} libid={props.libid} link={props.link} />;
}

LinkMobilePage.getLayout = siteLayout;
